/**
 * Whether a wrong access code and a deactivated customer's code can be told apart by the time
 * the customer page takes to answer (issue 32: p50 5.1 vs 6.0 ms before the two did the same work).
 * Builds the app on a fresh in-memory PGlite (or a throw-away PostgreSQL with --pg), then asks for
 * both, interleaved, N times each (each from its own address, so no limit answers instead) and
 * prints the medians and the rank-sum z of the two samples (|z| < 2: no difference to see).
 *
 *   npx tsx scripts/bench-portal-codigos.ts            # 1,500 pairs on PGlite
 *   npx tsx scripts/bench-portal-codigos.ts --pairs 300 --pg
 *
 * Not a test: it prints numbers to compare before and after a change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createAccessCodes } from '../apps/api/src/modules/codigos/codigos.service';
import { bancoEmProcesso } from './bench/servidor';

const args = process.argv.slice(2);
const PAIRS = Number(args[args.indexOf('--pairs') + 1]) || 1_500;
const ORIGIN = 'http://localhost:3000';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Mann–Whitney U as a z score (normal approximation, no tie correction: times rarely tie). */
function rankSumZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, from: 0 })), ...b.map((v) => ({ v, from: 1 }))].sort((x, y) => x.v - y.v);
  const ranksA = all.reduce((sum, x, i) => (x.from === 0 ? sum + i + 1 : sum), 0);
  const u = ranksA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-portal-'));
  const banco = await bancoEmProcesso(args.includes('--pg'));
  const { handle } = banco;
  const base = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, AUTH_SECRET: 'bench-secret-bench-secret-bench!', PAYMENT_RECHECK_SECONDS: '0' });
  const many = 1_000_000;
  const config = {
    ...base,
    rateLimits: { ...base.rateLimits, portalLookup: many, portalLookupPerCode: many, portalMisses: many },
  };
  const app = await buildApp({ database: handle, config, mailer: { send: async () => undefined }, webDist: '/nonexistent' });
  await app.ready();
  try {
    const [codigo] = await createAccessCodes(handle.db, 1);
    const conta = { nomeCompleto: 'Bench', nomeLoja: 'Loja Bench', codigoAcesso: codigo!, email: 'bench@example.com', senha: 'segredo123', confirmarSenha: 'segredo123' };
    await app.inject({ method: 'POST', url: '/api/cadastro', headers: { origin: ORIGIN }, payload: conta });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: conta.email, password: conta.senha } });
    const cookie = ([signIn.headers['set-cookie']].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
    const seller = { origin: ORIGIN, cookie };
    const cliente = (await app.inject({ method: 'POST', url: '/api/clientes', headers: seller, payload: { nome: 'Marta Rocha', telefone: '11987654321', limiteCredito: 0 } })).json() as {
      id: string;
      login: string;
    };
    await app.inject({ method: 'POST', url: `/api/clientes/${cliente.id}/desativar`, headers: seller });

    // One wrong code asked as often as the deactivated one: each has its per-code counter row, so
    // both requests update one (a new code would insert it, which is the counter's cost, not the lookup's).
    const WRONG = 'marta00000';
    let n = 0;
    const timed = async (login: string) => {
      const ip = `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api/portal/${login}`, remoteAddress: ip });
      const ms = performance.now() - start;
      if (response.statusCode !== 404) throw new Error(`expected 404, got ${response.statusCode}`);
      return ms;
    };
    // Warm-up, then the pairs in alternating order.
    for (let i = 0; i < 50; i++) await timed(i % 2 ? cliente.login : WRONG);
    const wrong: number[] = [];
    const inactive: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      if (i % 2) {
        wrong.push(await timed(WRONG));
        inactive.push(await timed(cliente.login));
      } else {
        inactive.push(await timed(cliente.login));
        wrong.push(await timed(WRONG));
      }
    }
    console.log(`${PAIRS} pairs on ${handle.kind}`);
    console.log(`wrong code:           p50 ${median(wrong).toFixed(2)} ms`);
    console.log(`deactivated customer: p50 ${median(inactive).toFixed(2)} ms`);
    console.log(`rank-sum z (wrong vs deactivated): ${rankSumZ(wrong, inactive).toFixed(1)}`);
  } finally {
    await app.close();
    await banco.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
