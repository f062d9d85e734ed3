import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { fusoAposAsHoras } from '../../test/fuso';
import { send, signUpSeller, startInstance, type Instance, type SellerClient } from '../../test/instance';
import { withAdmin } from '../../test/invariants';
import { startPgbouncer, type Pgbouncer } from '../../test/pgbouncer';
import { reportFigures } from '../../test/report';
import { TABELAS_BACKUP } from '../modules/backup/tabelas';
import { createAccessCodes } from '../modules/codigos/codigos.service';

/*
 * What many shops share once there are two API processes on one PostgreSQL (through pgbouncer):
 * - the job runner: both instances check every second (PAYMENT_RECHECK_SECONDS=1 makes the runner
 *   tick that often), and then, frozen and resumed at once, pass over the same due runs at the same
 *   moment; each job runs once per seller per day;
 * - a backup round trip through HTTP, exported on one instance and restored on the other;
 * - the sign-in and customer-page rate limits, counted across both instances.
 */

const SIGN_IN_LIMIT = 5;
const LOOKUP_LIMIT = 7;
const SELLERS = 4;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pooler: Pgbouncer;
let a: Instance;
let b: Instance;
const sellers: SellerClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pooler = await startPgbouncer(database.url!);
  const env = {
    DATABASE_URL: pooler.url,
    PAYMENT_RECHECK_SECONDS: '1',
    // The test's "load balancer" tells each instance the client's address.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_SIGN_IN: String(SIGN_IN_LIMIT),
    RATE_LIMIT_CUSTOMER_PAGE: String(LOOKUP_LIMIT),
    RATE_LIMIT_BACKUP: '1000',
  };
  [a, b] = await Promise.all([startInstance({ name: 'A', env }), startInstance({ name: 'B', env })]);
  const codes = await createAccessCodes(database.db, SELLERS);
  for (const [i, code] of codes.entries()) sellers.push(await signUpSeller(i % 2 ? b : a, code));
}, 300_000);

afterAll(async () => {
  // A failure between SIGSTOP and SIGCONT would leave a process frozen, deaf to SIGTERM.
  for (const instance of [a, b]) if (instance) process.kill(instance.pid, 'SIGCONT');
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  pooler?.stop();
  await database?.close();
});

type Arquivo = { perfil: unknown; dados: Record<string, Record<string, unknown>[]>; contagens: Record<string, number> };

/**
 * A backup file's data with every record id replaced by what the record holds (a restore gives
 * records new ids): tables in the file's order, references resolved to the row they point at,
 * rows sorted. Equal fingerprints: the same shop.
 */
function fingerprint(arquivo: Arquivo): string {
  const conteudo = new Map<string, string>();
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') return conteudo.get(value) ?? value;
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  const dados: Record<string, string[]> = {};
  // The audit trail is the history of the shop, which a restore keeps and adds to, never replaces.
  for (const { key } of TABELAS_BACKUP.filter((t) => !t.historico)) {
    dados[key] = (arquivo.dados[key] ?? [])
      .map((row) => {
        const { id, ...rest } = row;
        const text = JSON.stringify(resolve(rest));
        if (typeof id === 'string') conteudo.set(id, `${key}:${text}`);
        return text;
      })
      .sort();
  }
  const { auditoria: _historico, ...contagens } = arquivo.contagens;
  return createHash('sha256').update(JSON.stringify({ perfil: arquivo.perfil, contagens, dados })).digest('hex');
}

const ok = async <T = any>(p: Promise<{ status: number; body: T }>, what: string): Promise<T> => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await p;
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

describe('two instances (processes) on one PostgreSQL: jobs, backup, rate limits', () => {
  it('run each job once per seller per day while both instances run the job runner every second', async () => {
    // The switch that makes a seller eligible for the automatic backup, set on either instance.
    for (const [i, s] of sellers.entries()) {
      await ok(s.request(i % 2 ? a : b, 'PUT', '/api/configuracoes/sistema', { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: true }), 'sistema');
    }
    const ids = sellers.map((s) => s.id);
    // The daily jobs start at 01:00 and 03:00 of each shop's day: the sellers' shops are where it
    // is past 04:00 now, so the test does not depend on the hour it runs at.
    await withAdmin(database.url!, (query) => query('update perfis set fuso_horario = $1 where owner_id = any($2)', [fusoAposAsHoras(4), ids]));
    const DAILY = ['limpar-notificacoes', 'backup-automatico'];
    type Run = { job: string; escopo: string; periodo: string; status: string; tentativas: number; instancia: string };
    const runs = () => withAdmin(database.url!, (query) => query<Run>('select job, escopo, periodo, status, tentativas, instancia from job_execucoes'));
    // Both runners pass over these sellers every second: wait until every daily run is done, and
    // a few more passes of both after that (a second execution would show as a second attempt).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const done = (await runs()).filter((r) => DAILY.includes(r.job) && ids.includes(r.escopo) && r.status === 'ok');
      if (done.length === ids.length * DAILY.length) break;
      if (Date.now() > deadline) throw new Error(`daily runs not done: ${JSON.stringify(done)}\nA:\n${a.output()}\nB:\n${b.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const all = await runs();
    const daily = all.filter((r) => DAILY.includes(r.job) && ids.includes(r.escopo));
    // One run per job, seller and day, claimed once (tentativas counts every claim) and finished.
    const perSellerDay = new Map<string, Run[]>();
    for (const r of daily) perSellerDay.set(`${r.job}|${r.escopo}|${r.periodo}`, [...(perSellerDay.get(`${r.job}|${r.escopo}|${r.periodo}`) ?? []), r]);
    expect(perSellerDay.size).toBe(ids.length * DAILY.length);
    expect([...perSellerDay.values()].map((rs) => rs.length)).toEqual(Array(ids.length * DAILY.length).fill(1));
    expect(daily.every((r) => r.status === 'ok' && r.tentativas === 1)).toBe(true);
    // The backups the job kept: one per seller for the day.
    const backups = await withAdmin(database.url!, (query) =>
      query<{ owner_id: string; n: number }>('select owner_id, count(*)::int as n from backups_automaticos where owner_id = any($1) group by owner_id', [ids]),
    );
    expect(backups.map((x) => x.n)).toEqual(Array(ids.length).fill(1));
    // The every-second global job: one run per slot, whichever instance claimed it.
    const slots = all.filter((r) => r.job === 'verificar-pagamentos-online');
    expect(slots.length).toBeGreaterThan(3);
    expect(new Set(slots.map((r) => r.periodo)).size).toBe(slots.length);
    expect(slots.filter((r) => r.tentativas !== 1 && r.status === 'ok')).toEqual([]);
    // Only these two processes ran jobs (their runner ids name host:pid). Which one wins a run
    // depends on whose one-second tick comes first after it falls due, so the split is a figure,
    // not an assertion: the rule is one execution per run, whoever wins.
    const instances = new Set(all.map((r) => r.instancia.split(':')[1]));
    expect([...instances].every((pid) => pid === String(a.pid) || pid === String(b.pid))).toBe(true);

    // Now both at the same moment: both processes frozen (SIGSTOP), the day's runs made due again
    // (as a new day would), both resumed at once — each one's overdue one-second tick fires at
    // once, and both passes go for the same 8 runs.
    process.kill(a.pid, 'SIGSTOP');
    process.kill(b.pid, 'SIGSTOP');
    await withAdmin(database.url!, (query) => query('delete from job_execucoes where job = any($1) and escopo = any($2)', [DAILY, ids]));
    process.kill(a.pid, 'SIGCONT');
    process.kill(b.pid, 'SIGCONT');
    const raceDeadline = Date.now() + 60_000;
    let raced: Run[] = [];
    for (;;) {
      raced = (await runs()).filter((r) => DAILY.includes(r.job) && ids.includes(r.escopo));
      if (raced.length === ids.length * DAILY.length && raced.every((r) => r.status === 'ok')) break;
      if (Date.now() > raceDeadline) throw new Error(`daily runs not done after the race: ${JSON.stringify(raced)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    raced = (await runs()).filter((r) => DAILY.includes(r.job) && ids.includes(r.escopo));
    expect(new Set(raced.map((r) => `${r.job}|${r.escopo}|${r.periodo}`)).size).toBe(ids.length * DAILY.length);
    expect(raced).toHaveLength(ids.length * DAILY.length);
    expect(raced.filter((r) => r.status !== 'ok' || r.tentativas !== 1)).toEqual([]);

    const byInstance = (rows: Run[], pid: number) => rows.filter((r) => r.instancia.split(':')[1] === String(pid)).length;
    reportFigures('jobs-two-instances', {
      sellerDays: ids.length,
      dailyJobs: DAILY.length,
      dailyRuns: daily.length,
      maxExecutionsPerJobSellerDay: Math.max(...daily.map((r) => r.tentativas), ...raced.map((r) => r.tentativas)),
      dailyRunsByA: byInstance(daily, a.pid),
      dailyRunsByB: byInstance(daily, b.pid),
      raceRunsByA: byInstance(raced, a.pid),
      raceRunsByB: byInstance(raced, b.pid),
      globalSlots: slots.length,
    });
  });

  it('backup round trip: exported on one instance, the shop changed, restored on the other, exported again: the same data', async () => {
    const s = sellers[0]!;
    const cliente = await ok(s.request(a, 'POST', '/api/clientes', { nome: 'Dona Zefa', telefone: '11987654321', limiteCredito: 500_000 }), 'cliente');
    const produto = await ok(s.request(b, 'POST', '/api/produtos', { nome: 'Café 500 g', precoVenda: 1_890, precoCusto: 1_200, estoqueAtual: 50, estoqueMinimo: 5 }), 'produto');
    for (let i = 1; i <= 3; i++) {
      await ok(s.request(i % 2 ? a : b, 'POST', '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: i }] }), 'venda');
    }
    await ok(s.request(b, 'POST', `/api/clientes/${cliente.id}/pagamentos`, { valor: 1_000, metodo: 'pix' }), 'pagamento');
    await ok(s.request(a, 'PUT', `/api/devedores/${cliente.id}/promessa`, { data: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) }), 'promessa');
    await ok(s.request(a, 'POST', `/api/devedores/${cliente.id}/lembretes`), 'lembrete');

    const exportar = async (on: Instance): Promise<Arquivo> => ok(s.request(on, 'GET', '/api/backup/exportar'), 'exportar');
    const dataPart = fingerprint;
    const original = await exportar(a);
    expect(original.contagens.vendas).toBe(3);

    // The shop moves on after the backup: a customer, a sale, a cancellation.
    const outro = await ok(s.request(b, 'POST', '/api/clientes', { nome: 'Seu Tonho', telefone: '11912345678', limiteCredito: 0 }), 'cliente');
    const venda = await ok(s.request(b, 'POST', '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }] }), 'venda');
    await ok(s.request(a, 'POST', `/api/vendas/${venda.id}/cancelar`, { motivo: 'Cliente desistiu' }), 'cancelar');
    const changed = await exportar(b);
    expect(dataPart(changed)).not.toBe(dataPart(original));

    // Restored on the other instance: the whole shop replaced in one transaction.
    const restore = await s.request(b, 'POST', '/api/backup/restaurar', original);
    expect(restore.status).toBe(200);
    const events = String(restore.body)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tipo: string; relatorio?: { restaurados: Record<string, number> } });
    const { auditoria: historico, ...restauradas } = original.contagens;
    expect(events.at(-1)).toMatchObject({ tipo: 'concluido', relatorio: { restaurados: restauradas } });

    const again = await exportar(a);
    // The history still holds what happened after the backup, then the restore itself.
    expect(again.contagens.auditoria).toBe(historico! + 4);
    expect((again.dados.auditoria ?? []).at(-1)).toMatchObject({ acao: 'backup.restaurado' });
    const same = dataPart(again) === dataPart(original);
    expect(same).toBe(true);
    expect((await s.request(a, 'GET', `/api/clientes/${outro.id}`)).status).toBe(404);
    reportFigures('backup-round-trip', {
      rowsExported: Object.values(original.contagens).reduce((x, y) => x + y, 0),
      dataChecksumBefore: dataPart(original).slice(0, 12),
      dataChecksumAfter: dataPart(again).slice(0, 12),
      identical: same ? 'yes' : 'no',
    });
  });

  it('count sign-in attempts across both instances: the limit holds wherever the requests land', async () => {
    // 4 × the limit wrong-password attempts from one client address, at once, alternating instances.
    const attempts = SIGN_IN_LIMIT * 4;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        send(i % 2 ? b : a, 'POST', '/api/auth/sign-in/email', { email: sellers[1]!.email, password: 'errada123' }, { 'x-forwarded-for': '198.51.100.23' }),
      ),
    );
    const limited = answers.filter((r) => r.status === 429);
    const passed = answers.filter((r) => r.status !== 429);
    expect(passed).toHaveLength(SIGN_IN_LIMIT);
    expect(passed.every((r) => r.status === 401)).toBe(true);
    expect(limited.every((r) => r.body?.code === 'RATE_LIMITED')).toBe(true);
    // The right password from that address is refused too, on either instance; another address signs in.
    const right = { email: sellers[1]!.email, password: 'segredo123' };
    expect((await send(a, 'POST', '/api/auth/sign-in/email', right, { 'x-forwarded-for': '198.51.100.23' })).status).toBe(429);
    expect((await send(b, 'POST', '/api/auth/sign-in/email', right, { 'x-forwarded-for': '198.51.100.23' })).status).toBe(429);
    expect((await send(b, 'POST', '/api/auth/sign-in/email', right, { 'x-forwarded-for': '198.51.100.24' })).status).toBe(200);
    reportFigures('rate-limit-two-instances', {
      limitPerMinute: SIGN_IN_LIMIT,
      attempts,
      answeredByA: Math.ceil(attempts / 2),
      answeredByB: Math.floor(attempts / 2),
      allowed: passed.length,
      refused429: limited.length,
    });
  });

  it('count customer-page lookups across both instances', async () => {
    const attempts = LOOKUP_LIMIT * 3;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => send(i % 2 ? b : a, 'GET', `/api/portal/ninguem${1000 + i}`, undefined, { 'x-forwarded-for': '198.51.100.40' })),
    );
    const passed = answers.filter((r) => r.status !== 429);
    expect(passed).toHaveLength(LOOKUP_LIMIT);
    expect(passed.every((r) => r.status === 404)).toBe(true);
    reportFigures('customer-page-limit-two-instances', { limitPerMinute: LOOKUP_LIMIT, attempts, allowed: passed.length, refused429: attempts - passed.length });
  });
});
