import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { startInstance, signUpSeller, type Answer, type Instance, type SellerClient } from '../../test/instance';
import { checkInvariants, type Query } from '../../test/invariants';
import { reportFigures } from '../../test/report';

/*
 * The one-shop install: one server process on embedded PGlite under DATA_DIR. Killed (SIGKILL) in
 * the middle of writes, it must start again on the same directory with every write it acknowledged
 * and a consistent database; stopped with SIGTERM in the middle of writes, it must finish what it
 * answered, close the database and exit 0.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-pglite-crash-'));
let server: Instance | null = null;

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startInstance({ name: 'PGlite', env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });

async function accessCode(instance: Instance): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const match = /access code: ([A-Z0-9]{10})/.exec(instance.output());
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no access code printed:\n${instance.output()}`);
}

interface Op {
  kind: 'venda' | 'pagamento';
  body: Record<string, unknown>;
}

/** Sends `ops` from 6 clients at once; `onAnswer` sees the running count of answers. */
async function burst(seller: SellerClient, target: Instance, clienteId: string, ops: Op[], onAnswer: (answered: number) => void) {
  const results: { op: Op; r: Answer }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ops.length) {
      const op = ops[next++]!;
      const r = op.kind === 'venda' ? await seller.request(target, 'POST', '/api/vendas', op.body) : await seller.request(target, 'POST', `/api/clientes/${clienteId}/pagamentos`, op.body);
      results.push({ op, r });
      onAnswer(results.length);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return results;
}

function makeOps(n: number, clienteId: string, produtoId: string): Op[] {
  return Array.from({ length: n }, (_, i) =>
    i % 3 === 2
      ? { kind: 'pagamento', body: { valor: 250 + i, metodo: 'pix' } }
      : {
          kind: 'venda',
          body: {
            formaPagamento: i % 2 ? 'fiado' : 'vista',
            clienteId,
            itens: [{ produtoId, quantidade: 1 }],
            // Every fourth sale with a discount: its share and total go through the same rollups.
            ...(i % 4 === 0 ? { desconto: { tipo: 'percentual', valor: 1 + (i % 50) } } : {}),
          },
        },
  );
}

/** The ids of the writes the client saw acknowledged. */
const acknowledged = (results: { op: Op; r: Answer }[]) =>
  results.filter((x) => x.r.status === 201).map((x) => ({ kind: x.op.kind, id: (x.op.kind === 'venda' ? x.r.body.id : x.r.body.lancamento.id) as string }));

async function missingThroughApi(seller: SellerClient, target: Instance, writes: { kind: string; id: string }[]): Promise<number> {
  let missing = 0;
  for (const w of writes) {
    const url = w.kind === 'venda' ? `/api/vendas/${w.id}` : `/api/pagamentos/${w.id}/recibo`;
    if ((await seller.request(target, 'GET', url)).status !== 200) missing++;
  }
  return missing;
}

describe('PGlite (one process, DATA_DIR) under SIGKILL and SIGTERM', () => {
  it('keeps every acknowledged write through a SIGKILL under writes, and closes cleanly on SIGTERM under writes', { timeout: 300_000 }, async () => {
    server = await start();
    const seller = await signUpSeller(server, await accessCode(server));
    const produto = await seller.request(server, 'POST', '/api/produtos', { nome: 'Pão', precoVenda: 90, precoCusto: 40, estoqueAtual: 10_000, estoqueMinimo: 0 });
    const cliente = await seller.request(server, 'POST', '/api/clientes', { nome: 'Dona Rosa', telefone: '11987654321', limiteCredito: 100_000_000 });
    expect([produto.status, cliente.status]).toEqual([201, 201]);

    // 1. SIGKILL once 40 answers have come back.
    const first = server;
    let killed: Promise<unknown> | undefined;
    const before = await burst(seller, first, cliente.body.id, makeOps(120, cliente.body.id, produto.body.id), (n) => {
      if (n === 40) killed = first.kill('SIGKILL');
    });
    expect(await killed).toMatchObject({ signal: 'SIGKILL' });
    expect(before.filter((x) => x.r.status >= 400)).toEqual([]);
    const seenBeforeKill = acknowledged(before);
    expect(existsSync(path.join(dataDir, 'caderneta.lock'))).toBe(true); // left behind by the dead process

    // 2. The same DATA_DIR starts again (the stale lock is taken over) with every acknowledged write.
    server = await start();
    const missingAfterKill = await missingThroughApi(seller, server, seenBeforeKill);
    expect(missingAfterKill).toBe(0);

    // 3. SIGTERM once 30 answers have come back: what it answered is kept, and it exits 0.
    const second = server;
    let stopped: Promise<unknown> | undefined;
    const during = await burst(seller, second, cliente.body.id, makeOps(90, cliente.body.id, produto.body.id), (n) => {
      if (n === 30) stopped = second.kill('SIGTERM');
    });
    expect(await stopped).toEqual({ code: 0, signal: null });
    server = null;
    expect(second.output()).toContain('SIGTERM: shutting down');
    expect(existsSync(path.join(dataDir, 'caderneta.lock'))).toBe(false);
    // Requests arriving while it closes are turned away (503, or the connection is closed): not acknowledged.
    expect(during.filter((x) => ![0, 201, 503].includes(x.r.status))).toEqual([]);
    const seenBeforeTerm = acknowledged(during);

    // 4. The directory opens in this process (nothing holds it) and is consistent.
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const client = (handle.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;
    const query: Query = async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows;
    try {
      const ids = [...seenBeforeKill, ...seenBeforeTerm];
      const vendas = await query<{ id: string }>('select id from vendas where id = any($1::uuid[])', [ids.filter((w) => w.kind === 'venda').map((w) => w.id)]);
      const pagamentos = await query<{ id: string }>('select id from lancamentos where id = any($1::uuid[])', [ids.filter((w) => w.kind === 'pagamento').map((w) => w.id)]);
      const missing = ids.length - vendas.length - pagamentos.length;
      expect(missing).toBe(0);
      const violations = await checkInvariants(query, { estoqueInicial: new Map([[produto.body.id, 10_000]]) });
      expect(violations).toEqual([]);
      reportFigures('pglite-crash', {
        acknowledgedBeforeSigkill: seenBeforeKill.length,
        acknowledgedBeforeSigterm: seenBeforeTerm.length,
        acknowledgedMissing: missing,
        invariantViolations: violations.length,
        sigtermExitCode: 0,
      });
    } finally {
      await handle.close();
    }
  });
});
