/**
 * The régua's daily run at scale (issue 38: 1,000 shops with 5,000 due customers in all, every
 * reminder sent exactly once, in ≤ 60 s against the fake WhatsApp Cloud API). Builds the app on a
 * fresh PGlite (or a throw-away PostgreSQL with --pg) with the fake API beside it, loads the shops
 * (each with its WhatsApp on, the régua on, and debtors who consented, due on various days), then
 * at the window's opening runs the "regua" job for every shop and the sending job round after round
 * (the clock moved a minute each round, as the runner would) until the outbox is empty, and checks
 * that the fake received each customer's reminder once and each was recorded as a reminder.
 *
 *   npx tsx scripts/bench-regua.ts                    # 1,000 shops × 5 debtors, PGlite
 *   npx tsx scripts/bench-regua.ts --shops 200 --pg
 *
 * Not a test: it prints the time of each phase and exits 1 when a check fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { withSeller } from '../apps/api/src/db/client';
import { startFakeWhatsapp, fakeAppSecret } from '../apps/api/src/integrations/whatsapp/fake-server';
import { saveWhatsappConfig } from '../apps/api/src/modules/mensagens/whatsapp.service';
import { queryRows } from '../apps/api/src/lib/sql';
import { bancoEmProcesso } from './bench/servidor';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const SHOPS = arg('--shops', 1_000);
const DEBTORS = arg('--debtors', 5);
const ORIGIN = 'http://localhost:3000';
/** Tuesday 1 December 2026, 08:00 in São Paulo: the default window opens. */
const OPENING = new Date('2026-12-01T11:00:00Z');
/** Days before 1 December each debtor's oldest debt started (the default rule: due on day 1 of the month after). */
const DAYS_BACK = [5, 20, 40, 70, 100];

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-regua-'));
  const banco = await bancoEmProcesso(args.includes('--pg'));
  const { handle } = banco;
  const fake = await startFakeWhatsapp();
  let now = new Date(OPENING.getTime() - 60 * 60_000);
  const clock = { now: () => new Date(now) };
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: 'bench-secret-bench-secret-bench!',
    PAYMENT_RECHECK_SECONDS: '0',
    MENSAGENS_SEGUNDOS: '60',
    WHATSAPP_API_URL: fake.url,
  });
  const app = await buildApp({ database: handle, config, clock, mailer: { send: async () => undefined }, webDist: '/nonexistent' });
  await app.ready();
  const db = handle.db;
  let failed = false;
  const check = (ok: boolean, what: string) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failed = true;
  };
  try {
    const t = performance.now();
    for (let s = 0; s < SHOPS; s++) {
      const owner = `bench-regua-${String(s).padStart(5, '0')}`;
      const phoneId = String(100_000_000_000 + s);
      await db.execute(sql`insert into users (id, name, email) values (${owner}, ${`Loja ${s}`}, ${`${owner}@example.com`})`);
      await db.execute(sql`insert into perfis (owner_id, nome_loja, cnpj) values (${owner}, ${`Loja ${s}`}, '12345678000195')`);
      await db.execute(sql`insert into cobranca_config (owner_id, regua_ativa) values (${owner}, true)`);
      for (let d = 0; d < DEBTORS; d++) {
        const n = s * DEBTORS + d;
        const telefone = `119${String(n).padStart(8, '0')}`;
        const desde = new Date(OPENING.getTime() - DAYS_BACK[d % DAYS_BACK.length]! * 86_400_000);
        await db.execute(sql`
          insert into clientes (owner_id, nome, nome_busca, telefone, limite_credito, saldo_atual, pendente_desde, avisos_autorizados_em, avisos_autorizacao)
          values (${owner}, ${`Cliente ${n}`}, ${`cliente ${n}`}, ${telefone}, 100000, ${-(1_000 + (n % 97) * 100)}, ${desde.toISOString()}::timestamptz,
                  ${desde.toISOString()}::timestamptz, 'formulario')`);
      }
      await withSeller(db, owner, (tx) =>
        saveWhatsappConfig(
          tx,
          owner,
          { phoneNumberId: phoneId, accessToken: `EAAG-bench-${s}`, appSecret: fakeAppSecret(phoneId), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true },
          app.whatsapp,
        ),
      );
    }
    console.log(`loaded ${SHOPS} shops × ${DEBTORS} debtors in ${((performance.now() - t) / 1000).toFixed(1)} s (${handle.kind})`);

    // The day's run at the window's opening, then the sending job a minute at a time until nothing is left.
    now = OPENING;
    const inicio = performance.now();
    let shopsRun = 0;
    for (;;) {
      const r = await app.jobs.runJob('regua');
      const n = r.ok.regua ?? 0;
      if (r.failed.regua) check(false, `${r.failed.regua} régua runs failed`);
      if (n === 0) break;
      shopsRun += n;
    }
    const queued = performance.now();
    let rounds = 0;
    for (;;) {
      const [{ left } = { left: 0 }] = await queryRows<{ left: number }>(db, sql`select count(*)::int as left from mensagens where status in ('pendente', 'enviando')`);
      if (Number(left) === 0 || rounds > 100) break;
      now = new Date(now.getTime() + 61_000);
      await app.jobs.runJob('enviar-mensagens');
      rounds++;
    }
    const fim = performance.now();
    console.log(`régua: ${shopsRun} shops in ${((queued - inicio) / 1000).toFixed(1)} s; sending: ${rounds} rounds in ${((fim - queued) / 1000).toFixed(1)} s`);
    console.log(`daily run, queue to last send: ${((fim - inicio) / 1000).toFixed(1)} s (goal ≤ 60 s)`);

    const esperadas = SHOPS * DEBTORS;
    const lembretes = fake.messages.filter((m) => m.template === 'caderneta_lembrete');
    const porNumero = new Map<string, number>();
    for (const m of lembretes) porNumero.set(m.to, (porNumero.get(m.to) ?? 0) + 1);
    const [contagem] = await queryRows<{ enviadas: number; registradas: number }>(
      db,
      sql`select (select count(*)::int from mensagens where status = 'enviada') as enviadas, (select count(*)::int from lembretes) as registradas`,
    );
    check(lembretes.length === esperadas, `the fake received ${lembretes.length} reminders (expected ${esperadas})`);
    check(porNumero.size === esperadas && [...porNumero.values()].every((n) => n === 1), `each customer got exactly one (${porNumero.size} numbers)`);
    check(Number(contagem!.enviadas) === esperadas && Number(contagem!.registradas) === esperadas, `${contagem!.enviadas} sent and ${contagem!.registradas} recorded as reminders`);
    // A parameter carries only its own customer's facts: the name matches the number it went to.
    const alheio = lembretes.find((m) => `Cliente ${Number(m.to.slice(5))}` !== m.parametros[0]);
    check(!alheio, 'every reminder names the customer of its own number');
    check((fim - inicio) / 1000 <= 60, 'the daily run took at most 60 s');
  } finally {
    await app.close();
    await fake.close();
    await banco.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
