import { PassThrough, Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { addDays, BACKUP_VERSAO, gerarParcelas, MAX_BACKUP_BYTES, MAX_ESTOQUE_GUARDADO_QUALQUER, type BackupEvento, type BackupRelatorio, type BackupResumo, type Cliente, type PortalCliente } from '@caderneta/shared';
import { buildTestApp, cookieFrom, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, restauracaoRetida } from '../../../test/fixtures';
import { withSeller, type Tx } from '../../db/client';
import { clientes, cobrancaConfig, notificacoes, pagamentosOnline, perfis, vendas, lancamentos } from '../../db/schema';
import { queryRows } from '../../lib/sql';
import { seedDemoShop } from '../admin/demo-shop';
import { checksumDe, validarArquivo } from './arquivo';
import { restaurarBackup } from './restaurar';
import { rowsOf } from '../../../test/db';
import { checkInvariants, type Query } from '../../../test/invariants';
import { recontagens, TUDO_CONFERE } from '../../../test/recontagem';
import { FORA_DO_BACKUP, perfilBackupSchema, TABELAS_BACKUP } from './tabelas';

type Arquivo = {
  formato: string;
  versao: number;
  exportadoEm: string;
  perfil: Record<string, unknown>;
  dados: Record<string, Record<string, unknown>[]>;
  contagens: Record<string, number>;
  checksum: string;
};

let t: TestApp;
let loja: SellerSession;
let original: Arquivo;

async function sessionFor(email: string, senha: string): Promise<SellerSession> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email, password: senha } });
  expect(response.statusCode).toBe(200);
  const cookie = cookieFrom(response);
  return {
    id: response.json().user.id,
    email,
    cookie,
    request: (options) => t.app.inject({ ...options, headers: { origin: TEST_ORIGIN, cookie, ...(options.headers ?? {}) } }),
  };
}

async function exportar(s: SellerSession): Promise<Arquivo> {
  const response = await s.request({ method: 'GET', url: '/api/backup/exportar' });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body) as Arquivo;
}

const comChecksum = (arquivo: Arquivo): Arquivo => ({ ...arquivo, checksum: checksumDe(arquivo) });
const copia = (arquivo: Arquivo): Arquivo => structuredClone(arquivo);

function eventos(body: string): BackupEvento[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BackupEvento);
}

async function restaurar(s: SellerSession, arquivo: unknown) {
  return s.request({ method: 'POST', url: '/api/backup/restaurar', payload: arquivo as Record<string, unknown> });
}

async function restaurarOk(s: SellerSession, arquivo: unknown): Promise<BackupRelatorio> {
  const response = await restaurar(s, arquivo);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toContain('application/x-ndjson');
  const fim = eventos(response.body).at(-1)!;
  if (fim.tipo !== 'concluido') throw new Error(`restore failed: ${JSON.stringify(fim)}`);
  return fim.relatorio;
}

/**
 * A file with its ids replaced by what each record is: a row's content, with the references to
 * other rows replaced by what those are. Two files are the same shop exactly when these match.
 */
function conteudo(arquivo: Arquivo, logins: Record<string, string> = {}) {
  const quem = new Map<string, string>();
  const out: Record<string, string[]> = {};
  // The audit trail is the history of the shop that wrote the file, never restored.
  for (const tabela of TABELAS_BACKUP.filter((t) => !t.historico)) {
    const rows = arquivo.dados[tabela.key] ?? [];
    const impressoes = rows.map((row) => {
      const { id: _id, ...resto } = row;
      for (const campo of Object.keys(tabela.refs ?? {})) if (resto[campo]) resto[campo] = quem.get(resto[campo] as string) ?? `?${resto[campo]}`;
      if ('criadoPor' in resto && resto.criadoPor) resto.criadoPor = 'o vendedor';
      if ('resolvidaPor' in resto && resto.resolvidaPor) resto.resolvidaPor = 'o vendedor';
      if (tabela.key === 'clientes' && resto.login) resto.login = logins[resto.login as string] ?? resto.login;
      if (tabela.key === 'notificacoes') {
        const params = { ...(resto.params as Record<string, unknown>) };
        for (const k of ['vendaId', 'clienteId', 'produtoId', 'lancamentoId']) if (params[k]) params[k] = quem.get(params[k] as string) ?? `?${params[k]}`;
        resto.params = params;
      }
      if (tabela.key === 'vendas' && Array.isArray(resto.alertas)) {
        resto.alertas = (resto.alertas as Record<string, unknown>[]).map((a) => (a.produtoId ? { ...a, produtoId: quem.get(a.produtoId as string) ?? `?${a.produtoId}` } : a));
      }
      const impressao = JSON.stringify(resto);
      quem.set(row.id as string, `${tabela.key}:${impressao}`);
      return impressao;
    });
    out[tabela.key] = impressoes.sort();
  }
  return { perfil: arquivo.perfil, contagens: semHistorico(arquivo.contagens), dados: out };
}

/** A file's counts but the audit trail's. */
const semHistorico = ({ auditoria: _auditoria, ...contagens }: Record<string, number>) => contagens;

/** A JSON answer without what differs between two accounts holding the same shop: ids and logins. */
function semIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(semIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'id' && !key.endsWith('Id') && key !== 'login' && key !== 'link')
        .map(([key, v]) => [key, semIds(v)]),
    );
  }
  return value;
}

const RESPOSTAS_DERIVADAS = [
  '/api/devedores?pageSize=100',
  '/api/devedores?pageSize=100&situacao=vencidos&ordem=mais_antigo',
  '/api/cobranca',
  ...['resumo', 'vendas', 'clientes', 'produtos', 'financeiro'].flatMap((r) => [`/api/relatorios/${r}?periodo=30`, `/api/relatorios/${r}?periodo=365`]),
];

/** What the debtors' and the reports' pages show, by address. */
async function derivados(s: SellerSession) {
  const out: Record<string, unknown> = {};
  for (const url of RESPOSTAS_DERIVADAS) {
    const response = await s.request({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    const answer = response.json() as { porAtendente?: object[] };
    // Who sold: restored into another shop, the file's people (not of it) become its owner, by design.
    if (answer.porAtendente) answer.porAtendente = answer.porAtendente.map((a) => ({ ...a, nome: 'quem vendeu' }));
    out[url] = semIds(answer);
  }
  return out;
}

async function clientesDe(s: SellerSession) {
  const response = await s.request({ method: 'GET', url: '/api/clientes?status=todos&pageSize=100' });
  return (response.json().items as Cliente[]).map((c) => ({ nome: c.nome, saldoAtual: c.saldoAtual, limiteCredito: c.limiteCredito })).sort((a, b) => a.nome.localeCompare(b.nome));
}

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await seedDemoShop(t.db, { sales: 250, days: 20, seed: 11, now: new Date() });
  loja = await sessionFor(demo.email, demo.senha);
  // Notifications too, one of them read, with links to records.
  const produto = (await loja.request({ method: 'GET', url: '/api/produtos?pageSize=1' })).json().items[0];
  await loja.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  // A loose line ("avulso"), with no product, beside a product.
  const avulsa = await loja.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ valor: 1250, descricao: 'pão e leite' }, { produtoId: produto.id, quantidade: 1 }] } });
  expect(avulsa.statusCode, avulsa.body).toBe(201);
  // A sale made offline yesterday that arrived short of stock (ADR 034, format 5).
  const ultimo = await insertProduto(t, loja.id, { nome: 'Último pacote', estoqueAtual: 1 });
  const offline = await loja.request({
    method: 'POST',
    url: '/api/vendas',
    payload: { formaPagamento: 'vista', itens: [{ produtoId: ultimo.id, quantidade: 3 }], offline: { feitaEm: new Date(Date.now() - 86_400_000).toISOString() } },
  });
  expect(offline.json().alertas, offline.body).toHaveLength(1);
  await withSeller(t.db, loja.id, (tx) => tx.update(notificacoes).set({ lida: true }).where(eq(notificacoes.tipo, 'venda')));
  // The seller's own collection messages and the reminder before the due date (the demo shop has
  // a due-date rule, reminders and a promise to pay already).
  const mensagens = await loja.request({
    method: 'PUT',
    url: '/api/cobranca/mensagens',
    payload: { mensagens: { gentil: 'Oi {nome}, lembrete amigável: {valor} em aberto.' }, lembreteAntecipado: true, diasAntecedencia: 5 },
  });
  expect(mensagens.statusCode, mensagens.body).toBe(200);
  // The régua that runs by itself, with its own window and cap (format 10).
  const regua = await loja.request({ method: 'PUT', url: '/api/cobranca/regua', payload: { ativa: true, dias: [1, 2, 3, 4, 5], inicio: 9, fim: 18, limiteDiario: 120 } });
  expect(regua.statusCode, regua.body).toBe(200);
  // A customer's answers from their page (format 8): a purchase recognised, one disputed and answered, one disputed and open.
  const devedores = (await loja.request({ method: 'GET', url: '/api/devedores?pageSize=5' })).json() as { items: Array<{ id: string; login: string; totalVendas: number }> };
  const quem = devedores.items.find((d) => d.totalVendas >= 3)!;
  const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${quem.login}` })).json() as PortalCliente;
  const conferir = async (lancamentoId: string, reconhece: boolean) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/portal/${quem.login}/conferencias`, payload: { lancamentoId, reconhece, ...(reconhece ? {} : { motivo: 'Não lembro desta compra' }) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string };
  };
  await conferir(pagina.pendentes[0]!.lancamentoId, true);
  const respondida = await conferir(pagina.pendentes[1]!.lancamentoId, false);
  await conferir(pagina.pendentes[2]!.lancamentoId, false);
  const resposta = await loja.request({ method: 'POST', url: `/api/contestacoes/${respondida.id}/resolver`, payload: { acao: 'respondida', resposta: 'Está no caderno, assinada por você.' } });
  expect(resposta.statusCode, resposta.body).toBe(200);
  // Two customers' consent to automatic messages (format 9): one on, one stopped by the customer on their page.
  for (const [i, devedor] of devedores.items.slice(0, 2).entries()) {
    const cliente = (await loja.request({ method: 'GET', url: `/api/clientes/${devedor.id}` })).json() as Cliente;
    const consentiu = await loja.request({
      method: 'PUT',
      url: `/api/clientes/${cliente.id}`,
      payload: { nome: cliente.nome, telefone: cliente.telefone, email: cliente.email, endereco: cliente.endereco, limiteCredito: cliente.limiteCredito, avisos: true },
    });
    expect(consentiu.statusCode, consentiu.body).toBe(200);
    if (i === 1) expect((await t.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/avisos/parar` })).statusCode).toBe(200);
  }
  // A debt in instalments, renegotiated once (format 11): the schedule in force and the one it replaced.
  const lista = (await loja.request({ method: 'GET', url: '/api/devedores?pageSize=5' })).json() as { hoje: string; items: Array<{ id: string; saldoPendente: number }> };
  const parcelado = lista.items.at(-1)!;
  for (const n of [3, 2]) {
    const parcelas = gerarParcelas({ total: parcelado.saldoPendente, quantidade: n, primeira: addDays(lista.hoje, 5), modo: 'mensal' });
    const parcelou = await loja.request({ method: 'PUT', url: `/api/devedores/${parcelado.id}/parcelamento`, payload: { modo: 'mensal', parcelas } });
    expect(parcelou.statusCode, parcelou.body).toBe(200);
  }
  original = await exportar(loja);
}, 180_000);
afterAll(() => t.close());

describe('Exportar Dados', () => {
  it('is one JSON file with the format, the date and every table of the shop', async () => {
    const response = await loja.request({ method: 'GET', url: '/api/backup/exportar' });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="caderneta-backup-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(Number(response.headers['x-backup-bytes'])).toBe(Buffer.byteLength(response.body));
    const arquivo = JSON.parse(response.body) as Arquivo;
    expect(arquivo).toMatchObject({ formato: 'caderneta-backup', versao: BACKUP_VERSAO, perfil: { nomeLoja: 'Mercadinho Bom Preço', moeda: 'BRL' } });
    expect(Date.parse(arquivo.exportadoEm)).toBeGreaterThan(Date.now() - 60_000);
    expect(arquivo.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(arquivo.dados)).toEqual(TABELAS_BACKUP.map((t) => t.key));

    const count = async (table: typeof clientes | typeof vendas | typeof lancamentos) =>
      (await withSeller(t.db, loja.id, (tx) => tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(table)))[0]!.n;
    expect(arquivo.contagens.clientes).toBe(await count(clientes));
    expect(arquivo.contagens.vendas).toBe(await count(vendas));
    expect(arquivo.contagens.lancamentos).toBe(await count(lancamentos));
    expect(arquivo.dados.vendas).toHaveLength(arquivo.contagens.vendas!);
    expect(arquivo.contagens.itensVenda).toBeGreaterThan(arquivo.contagens.vendas!);
    expect(arquivo.contagens.notificacoes).toBeGreaterThan(0);
    // The debtors' data: reminders, promises to pay, the rule and the messages.
    expect(arquivo.contagens.lembretes).toBeGreaterThan(0);
    expect(arquivo.contagens.contestacoes).toBe(3);
    expect(arquivo.dados.parcelamentos!.map((p) => p.estado).sort()).toEqual(['ativo', 'renegociado']);
    expect(arquivo.contagens.lembretes).toBe((await withSeller(t.db, loja.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from lembretes`)))[0]!.n);
    expect(arquivo.dados.clientes!.some((c) => c.promessaPagamento)).toBe(true);
    expect(arquivo.dados.clientes!.some((c) => c.pendenteDesde)).toBe(true);
    expect(arquivo.dados.clientes!.filter((c) => c.avisosAutorizacao === 'formulario').map((c) => c.avisosParadosPor)).toEqual(expect.arrayContaining([null, 'cliente']));
    const [config] = await withSeller(t.db, loja.id, (tx) => tx.select().from(cobrancaConfig));
    expect(arquivo.perfil.cobranca).toEqual({
      regraTipo: config!.regraTipo,
      diaVencimento: config!.diaVencimento,
      diasPrazo: config!.diasPrazo,
      dataFixa: config!.dataFixa,
      lembreteAntecipado: true,
      diasAntecedencia: 5,
      mensagens: { gentil: 'Oi {nome}, lembrete amigável: {valor} em aberto.' },
      reguaAtiva: true,
      reguaDias: [1, 2, 3, 4, 5],
      reguaInicio: 9,
      reguaFim: 18,
      reguaLimiteDiario: 120,
    });
    // Money is whole centavos, instants are UTC to the microsecond.
    expect(arquivo.dados.vendas!.every((v) => Number.isInteger(v.valorTotal))).toBe(true);
    expect(arquivo.dados.lancamentos![0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it('travels gzip-compressed to a browser that takes it', async () => {
    const response = await loja.request({ method: 'GET', url: '/api/backup/exportar', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(response.rawPayload).toString('utf8');
    expect(Number(response.headers['x-backup-bytes'])).toBe(Buffer.byteLength(json));
    expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(json) / 3);
    expect(JSON.parse(json).formato).toBe('caderneta-backup');
  });

  it('of another seller holds only their own shop', async () => {
    const outro = await createSeller(t);
    const vazio = await exportar(outro);
    expect(Object.values(vazio.contagens).every((n) => n === 0)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/backup/exportar' })).statusCode).toBe(401);
  });
});

describe('Importar Dados', () => {
  it('checks the file first and says what it holds and what it replaces', async () => {
    const novo = await createSeller(t);
    await insertCliente(t, novo.id, { nome: 'Cliente que será substituído' });
    const response = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: original });
    expect(response.statusCode).toBe(200);
    const resumo = response.json() as BackupResumo;
    expect(resumo).toMatchObject({ nomeLoja: 'Mercadinho Bom Preço', exportadoEm: original.exportadoEm, versao: BACKUP_VERSAO, contagens: original.contagens });
    expect(resumo.atuais).toMatchObject({ clientes: 1, vendas: 0 });
    expect((await clientesDe(novo)).map((c) => c.nome)).toEqual(['Cliente que será substituído']);
  });

  it('round trip: restored into an empty account and exported again, the shop is the same but for ids and the logins another shop holds', async () => {
    const novo = await createSeller(t);
    const response = await restaurar(novo, original);
    const linhas = eventos(response.body);
    const progresso = linhas.filter((e) => e.tipo === 'progresso');
    expect(progresso.at(-1)).toMatchObject({ tabela: 'notificacoes', feitos: original.contagens.notificacoes, total: original.contagens.notificacoes });
    expect(progresso.some((e) => e.tipo === 'progresso' && e.tabela === 'vendas' && e.feitos === original.contagens.vendas)).toBe(true);
    const fim = linhas.at(-1)!;
    if (fim.tipo !== 'concluido') throw new Error(JSON.stringify(fim));
    expect(fim.relatorio.restaurados).toEqual(semHistorico(original.contagens));

    // The original shop still has its customers' logins: every one of them got a new login, listed.
    const logins = Object.fromEntries(fim.relatorio.loginsAlterados.map((l) => [l.loginNovo, l.loginAnterior]));
    expect(fim.relatorio.loginsAlterados.map((l) => l.loginAnterior).sort()).toEqual(original.dados.clientes!.map((c) => c.login).sort());
    expect(fim.relatorio.loginsAlterados.every((l) => l.loginNovo !== l.loginAnterior && l.loginNovo.startsWith(l.loginAnterior.replace(/\d+$/, '')))).toBe(true);

    const de_novo = await exportar(novo);
    expect(conteudo(de_novo, logins)).toEqual(conteudo(original));
    expect(await clientesDe(novo)).toEqual(await clientesDe(loja));
    // The debtors' list, the collection settings and every report answer the same.
    expect(await derivados(novo)).toEqual(await derivados(loja));
    // The original shop did not change.
    const agora = await exportar(loja);
    expect({ ...agora, exportadoEm: null, checksum: null }).toEqual({ ...original, exportadoEm: null, checksum: null });
  });

  it('restored over the same shop: replaces everything and keeps the logins', async () => {
    const antes = await exportar(loja);
    const paginasAntes = await derivados(loja);
    await insertCliente(t, loja.id, { nome: 'Cadastrado depois do backup' });
    const relatorio = await restaurarOk(loja, original);
    expect(relatorio.loginsAlterados).toEqual([]);
    expect(relatorio.removidos.clientes).toBe(original.contagens.clientes! + 1);
    expect(relatorio.removidos.lembretes).toBe(original.contagens.lembretes);
    expect(conteudo(await exportar(loja))).toEqual(conteudo(antes));
    // The reports' rollups were taken away with the old rows and rebuilt by the new ones.
    expect(await derivados(loja)).toEqual(paginasAntes);
    original = await exportar(loja);
  });

  it('holds the shop while it runs: a payment and a sale sent meanwhile wait for it, then find the shop replaced', async () => {
    const cliente = (await loja.request({ method: 'GET', url: '/api/clientes?pageSize=1' })).json().items[0];
    const produto = (await loja.request({ method: 'GET', url: '/api/produtos?pageSize=1' })).json().items[0];
    const arquivo = await validarArquivo(original);
    // The restore's transaction, as the route opens it, held open until the writes have been sent.
    const restauracao = await restauracaoRetida(t, loja.id, arquivo);
    const respondidas: string[] = [];
    const enviar = (nome: string, options: Parameters<SellerSession['request']>[0]) =>
      loja.request(options).then((response) => {
        respondidas.push(nome);
        return response;
      });
    const pagamento = enviar('pagamento', { method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 100, metodo: 'dinheiro' } });
    const venda = enviar('venda', { method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    if (t.database.kind === 'postgres') {
      // Reading does not wait: the shop as it was until the restore commits.
      const lido = await loja.request({ method: 'GET', url: `/api/clientes/${cliente.id}` });
      expect(lido.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(respondidas).toEqual([]);
    restauracao.abrir();
    await restauracao.concluida;
    // Every record has a new id: what the two requests named is gone, and nothing of them was written.
    expect((await pagamento).statusCode).toBe(404);
    expect((await venda).statusCode).toBe(404);
    expect(conteudo(await exportar(loja))).toEqual(conteudo(original));
    original = await exportar(loja);
  });

  it('keeps an offline sale and its alerts, the shortfall naming the restored product', async () => {
    const offline = original.dados.vendas!.filter((v) => v.feitaOffline);
    expect(offline).toHaveLength(1);
    expect(offline[0]!.alertas).toEqual([{ tipo: 'estoque', produtoId: expect.any(String), produtoNome: 'Último pacote', unidade: 'un', faltou: 2 }]);
    const novo = await createSeller(t);
    await restaurarOk(novo, original);
    const restaurada = (await exportar(novo)).dados;
    const venda = restaurada.vendas!.find((v) => v.feitaOffline)!;
    const [alerta] = venda.alertas as Array<{ produtoId: string }>;
    expect(restaurada.produtos!.find((p) => p.id === alerta!.produtoId)).toMatchObject({ nome: 'Último pacote', estoqueAtual: 0 });
    const lida = await novo.request({ method: 'GET', url: `/api/vendas/${venda.id as string}` });
    expect(lida.json()).toMatchObject({ feitaOffline: true, alertas: [{ tipo: 'estoque', produtoId: alerta!.produtoId, faltou: 2 }] });
  });

  it("carries the shop's audit trail as history: checked with the file, never restored over the restoring shop's own", async () => {
    const historico = original.dados.auditoria!;
    expect(historico.length).toBe(original.contagens.auditoria);
    expect(historico.map((r) => r.acao)).toEqual(expect.arrayContaining(['cliente.criado', 'produto.criado', 'venda.criada', 'pagamento.registrado']));
    expect(Object.keys(historico[0]!).sort()).toEqual(
      ['acao', 'autorId', 'autorNome', 'autorTipo', 'clienteId', 'detalhes', 'em', 'grupo', 'id', 'ip', 'motivo', 'mudancas', 'registroId', 'registroNome', 'registroTipo'].sort(),
    );
    const novo = await createSeller(t);
    await novo.request({ method: 'POST', url: '/api/produtos', payload: { nome: 'Antes da restauração', precoVenda: 100, precoCusto: 50, estoqueAtual: 1, estoqueMinimo: 0 } });
    const relatorio = await restaurarOk(novo, original);
    expect(relatorio.restaurados).not.toHaveProperty('auditoria');
    const trilha = (await novo.request({ method: 'GET', url: '/api/auditoria?pageSize=100' })).json() as { items: Array<{ acao: string; registro: { nome: string | null } }> };
    expect(trilha.items.map((i) => i.acao)).toEqual(['backup.restaurado', 'produto.criado']);
    expect(trilha.items[1]!.registro.nome).toBe('Antes da restauração');
    // Its own file carries its own trail, not the one it was restored from.
    expect((await exportar(novo)).dados.auditoria!.map((r) => r.acao)).toEqual(['produto.criado', 'backup.restaurado']);
    // An edited trail is a damaged file like any other.
    const editado = copia(original);
    editado.dados.auditoria![0]!.motivo = 'reescrito';
    const recusado = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: editado });
    expect(recusado.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'checksum' } });
  });

  it('imports a version 4 file (before offline sales): every sale was made online, without alerts', async () => {
    const v4 = copia(original);
    v4.versao = 4;
    delete v4.dados.auditoria;
    delete v4.contagens.auditoria;
    delete v4.dados.contestacoes;
    delete v4.contagens.contestacoes;
    delete v4.dados.parcelamentos;
    delete v4.contagens.parcelamentos;
    for (const v of v4.dados.vendas!) {
      delete v.feitaOffline;
      delete v.alertas;
    }
    const novo = await createSeller(t);
    await restaurarOk(novo, comChecksum(v4));
    const de_novo = await exportar(novo);
    expect(de_novo.versao).toBe(BACKUP_VERSAO);
    expect(de_novo.dados.vendas!.length).toBe(original.dados.vendas!.length);
    expect(de_novo.dados.vendas!.every((v) => v.feitaOffline === false && Array.isArray(v.alertas) && v.alertas.length === 0)).toBe(true);
  });

  it('imports a version 1 file (before reminders and collection settings): due dates follow from its sales, the settings stay', async () => {
    const v1 = copia(original);
    v1.versao = 1;
    delete v1.dados.auditoria;
    delete v1.contagens.auditoria;
    delete v1.dados.contestacoes;
    delete v1.contagens.contestacoes;
    delete v1.dados.parcelamentos;
    delete v1.contagens.parcelamentos;
    delete v1.dados.lembretes;
    delete v1.contagens.lembretes;
    delete v1.perfil.cobranca;
    for (const c of v1.dados.clientes!) {
      delete c.pendenteDesde;
      delete c.promessaPagamento;
    }
    const arquivo = comChecksum(v1);
    const novo = await createSeller(t);
    await novo.request({ method: 'PUT', url: '/api/cobranca/regra', payload: { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 20, dataFixa: null } });
    const regraAntes = (await novo.request({ method: 'GET', url: '/api/cobranca' })).json().regra;
    const resumo = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: arquivo });
    expect(resumo.statusCode, resumo.body.slice(0, 300)).toBe(200);
    expect(resumo.json()).toMatchObject({ versao: 1 });
    const relatorio = await restaurarOk(novo, arquivo);
    expect(relatorio.restaurados).toMatchObject({ clientes: original.contagens.clientes, vendas: original.contagens.vendas, lembretes: 0 });
    const de_novo = await exportar(novo);
    expect(de_novo.versao).toBe(BACKUP_VERSAO);
    expect(de_novo.contagens.lembretes).toBe(0);
    expect((await novo.request({ method: 'GET', url: '/api/cobranca' })).json().regra).toEqual(regraAntes);
    // Every customer's oldest pending sale is found again from the sales.
    const desde = (a: Arquivo) => a.dados.clientes!.map((c) => `${c.nome as string}:${String(c.pendenteDesde)}`).sort();
    expect(desde(de_novo)).toEqual(desde(original));
    // A version 1 file that carries a later table is not one.
    const estranho = comChecksum({ ...copia(arquivo), dados: { ...arquivo.dados, lembretes: [] } });
    const recusado = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: estranho });
    expect(recusado.statusCode).toBe(422);
    expect(recusado.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'versao' } });
  });

  it('takes the file gzip-compressed', async () => {
    const novo = await createSeller(t);
    const response = await novo.request({
      method: 'POST',
      url: '/api/backup/validar',
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: gzipSync(JSON.stringify(original)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().contagens).toEqual(original.contagens);
    const broken = await novo.request({
      method: 'POST',
      url: '/api/backup/validar',
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: Buffer.from('isto não é gzip'),
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'formato' } });
  });

  describe('a file too big, or a compression bomb, is refused as it arrives (413), and nothing is written', () => {
    /** `{"formato":…,"dados":{"clientes":[` and then `bytes` of spaces, gzip-compressed (about 1,000 : 1). */
    const bomba = (bytes: number) => {
      const inicio = `{"formato":"caderneta-backup","versao":2,"dados":{"clientes":[`;
      return gzipSync(Buffer.concat([Buffer.from(inicio), Buffer.alloc(bytes, ' ')]), { level: 9 });
    };

    it('a gzip body that grows past 50 times its size is refused there, long before its end', async () => {
      const novo = await createSeller(t);
      const antes = await exportar(novo);
      const corpo = bomba(128 * 1024 * 1024);
      expect(corpo.length).toBeLessThan(200_000);
      for (const url of ['/api/backup/validar', '/api/backup/restaurar']) {
        // Sent 16 KB at a time, as the network brings it: the server asks for the next piece only
        // when it has read the last.
        let enviados = 0;
        const envio = Readable.from(
          (function* () {
            for (let i = 0; i < corpo.length; i += 16 * 1024) {
              enviados++;
              yield corpo.subarray(i, i + 16 * 1024);
            }
          })(),
          { objectMode: false, highWaterMark: 1 },
        );
        const response = await novo.request({ method: 'POST', url, headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' }, payload: envio });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(413);
        expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
        expect(response.headers.connection).toBe('close');
        expect(enviados, 'pieces the server asked for').toBeLessThan(Math.ceil(corpo.length / (16 * 1024)) / 2);
      }
      expect(await exportar(novo)).toMatchObject({ dados: antes.dados });
    });

    it('a real backup, which shrinks about 7 times, is read whole', async () => {
      const texto = JSON.stringify(original, null, 1);
      const comprimido = gzipSync(texto, { level: 9 });
      expect(texto.length / comprimido.length).toBeLessThan(50);
      const novo = await createSeller(t);
      const response = await novo.request({ method: 'POST', url: '/api/backup/validar', headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' }, payload: comprimido });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    });

    it('a body announced larger than MAX_BACKUP_BYTES is refused before a byte is read', async () => {
      const novo = await createSeller(t);
      const aberto = new PassThrough();
      aberto.write('{"formato":"caderneta-backup"');
      const response = await novo.request({
        method: 'POST',
        url: '/api/backup/validar',
        headers: { 'content-type': 'application/json', 'content-length': String(MAX_BACKUP_BYTES + 1) },
        payload: aberto,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      aberto.destroy();
    });

    it('another compression is refused (415)', async () => {
      const novo = await createSeller(t);
      const response = await novo.request({ method: 'POST', url: '/api/backup/validar', headers: { 'content-encoding': 'br', 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });

  it('checks the session before reading a byte of the file', async () => {
    const semSessao = await t.app.inject({
      method: 'POST',
      url: '/api/backup/validar',
      headers: { origin: TEST_ORIGIN, 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: Buffer.from('isto não é gzip'),
    });
    expect(semSessao.statusCode).toBe(401);
  });

  it('one file at a time per shop: a second one while the first is read is refused; then it goes', async () => {
    const novo = await createSeller(t);
    const outra = await createSeller(t);
    const texto = JSON.stringify(original);
    const lento = new PassThrough();
    const primeiro = novo.request({ method: 'POST', url: '/api/backup/validar', headers: { 'content-type': 'application/json' }, payload: lento });
    lento.write(texto.slice(0, 100));
    // The server reads the file once the session is checked and the turn taken.
    for (let i = 0; i < 500 && lento.readableLength > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lento.readableLength, 'the first file is being read').toBe(0);

    const segundo = await novo.request({ method: 'POST', url: '/api/backup/restaurar', payload: original });
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json()).toMatchObject({ code: 'BACKUP_EM_ANDAMENTO' });
    // Another shop is not held up.
    expect((await outra.request({ method: 'POST', url: '/api/backup/validar', payload: original })).statusCode).toBe(200);

    lento.end(texto.slice(100));
    expect((await primeiro).statusCode).toBe(200);
    await restaurarOk(novo, original);
    expect((await novo.request({ method: 'POST', url: '/api/backup/validar', payload: original })).statusCode).toBe(200);
  });

  describe('refuses a damaged or edited file with the reason, changing nothing', () => {
    let alvo: SellerSession;
    let antes: Arquivo;
    beforeAll(async () => {
      alvo = await createSeller(t);
      await insertCliente(t, alvo.id, { nome: 'Fica como está' });
      antes = await exportar(alvo);
    });

    const casos: Array<[string, (a: Arquivo) => unknown, Record<string, unknown>]> = [
      ['a value edited (bad checksum)', (a) => ((a.dados.clientes![0]!.saldoAtual = (a.dados.clientes![0]!.saldoAtual as number) - 1), a), { motivo: 'checksum' }],
      ['a row removed (bad checksum)', (a) => (a.dados.vendas!.pop(), a), { motivo: 'checksum' }],
      ['not a Caderneta backup', () => ({ nome: 'planilha' }), { motivo: 'formato' }],
      ['a newer version', (a) => comChecksum({ ...a, versao: BACKUP_VERSAO + 1 }), { motivo: 'versao' }],
      ['a table this version does not know', (a) => comChecksum({ ...a, dados: { ...a.dados, lembretesFuturos: [] } }), { motivo: 'versao' }],
      [
        'a broken reference (a sale of a customer not in the file)',
        (a) => {
          const fiado = a.dados.vendas!.find((v) => v.clienteId)!;
          fiado.clienteId = crypto.randomUUID();
          return comChecksum(a);
        },
        { motivo: 'referencia', tabela: 'vendas', campo: 'clienteId' },
      ],
      [
        'a balance that is not the sum of the ledger',
        (a) => {
          a.dados.clientes![0]!.saldoAtual = (a.dados.clientes![0]!.saldoAtual as number) + 100;
          return comChecksum(a);
        },
        { motivo: 'saldo', tabela: 'clientes', linha: 1 },
      ],
      [
        'a sale total that is not the sum of its items',
        (a) => {
          a.dados.vendas![2]!.valorTotal = (a.dados.vendas![2]!.valorTotal as number) + 1;
          return comChecksum(a);
        },
        { motivo: 'total', tabela: 'vendas', linha: 3 },
      ],
      [
        'a weighed line charged as if its grams were pieces',
        (a) => {
          const i = a.dados.itensVenda!.findIndex((item) => item.unidade === 'kg');
          const item = a.dados.itensVenda![i]!;
          item.subtotal = (item.quantidade as number) * (item.precoUnitario as number);
          return comChecksum(a);
        },
        { motivo: 'total', tabela: 'itensVenda', campo: 'subtotal' },
      ],
      [
        'a line whose cost is not its quantity × unit cost',
        (a) => {
          a.dados.itensVenda![0]!.custo = (a.dados.itensVenda![0]!.custo as number) + 1;
          return comChecksum(a);
        },
        { motivo: 'total', tabela: 'itensVenda', linha: 1, campo: 'custo' },
      ],
      [
        'a stock of pieces above the most a product by the unit may hold (fine in grams)',
        (a) => {
          const i = a.dados.produtos!.findIndex((p) => p.unidade === 'un');
          a.dados.produtos![i]!.estoqueAtual = 3_000_001;
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'produtos', campo: 'estoqueAtual' },
      ],
      [
        'money that is not whole centavos',
        (a) => {
          a.dados.lancamentos![0]!.valor = 10.5;
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'lancamentos', linha: 1, campo: 'valor' },
      ],
      [
        'a text with a control character',
        (a) => {
          a.dados.produtos![0]!.nome = 'Arroz\u0000';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'produtos', linha: 1, campo: 'nome' },
      ],
      [
        'alerts on a sale not made offline',
        (a) => {
          a.dados.vendas!.find((v) => !v.feitaOffline)!.alertas = [{ tipo: 'limite' }];
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'vendas', campo: 'alertas' },
      ],
      [
        'a fiado sale without its customer',
        (a) => {
          a.dados.vendas!.find((v) => v.formaPagamento === 'fiado')!.clienteId = null;
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'vendas', campo: 'clienteId' },
      ],
      [
        "a customer's code edited into a path (its link would open something else, or nothing)",
        (a) => {
          a.dados.clientes![0]!.login = '../../api/x';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'clientes', linha: 1, campo: 'login' },
      ],
      [
        "a customer's code in capitals (the page looks codes up in lower case: it would never open)",
        (a) => {
          a.dados.clientes![0]!.login = 'MARIA12345';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'clientes', linha: 1, campo: 'login' },
      ],
      [
        'an instant in year 0000 (no timestamp has it)',
        (a) => {
          a.dados.clientes![0]!.createdAt = '0000-01-01T00:00:00Z';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'clientes', linha: 1, campo: 'createdAt' },
      ],
      [
        'an instant in year 9999 (a day of year 10000 east of UTC)',
        (a) => {
          a.dados.vendas![0]!.dataVenda = '9999-12-31T23:30:00.000000Z';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'vendas', linha: 1, campo: 'dataVenda' },
      ],
      [
        'a date that is not a day of the calendar',
        (a) => {
          a.dados.clientes![0]!.dataVencimento = '2026-02-30';
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'clientes', linha: 1, campo: 'dataVencimento' },
      ],
      [
        // Above the largest of any unit: the export orders products by id, so products[0] may be
        // one sold by the kg, whose stock in grams may hold far more than a product by the unit.
        'a stock above the largest a shop can hold',
        (a) => {
          a.dados.produtos![0]!.estoqueAtual = MAX_ESTOQUE_GUARDADO_QUALQUER + 1;
          return comChecksum(a);
        },
        { motivo: 'esquema', tabela: 'produtos', linha: 1, campo: 'estoqueAtual' },
      ],
      // Resealed edits a form would refuse (issue 32): each field as the form or API that writes it.
      ...(
        [
          ['perfil', 'avatar', (a) => (a.perfil.avatar = 'javascript:alert(document.domain)')],
          ['perfil', 'avatar', (a) => (a.perfil.avatar = 'https://tracker.example/pixel.gif')],
          ['perfil', 'cnpj', (a) => (a.perfil.cnpj = '<b>not-a-document</b>')],
          ['perfil', 'cnpj', (a) => (a.perfil.cnpj = '11.222.333/0001-81')],
          ['perfil', 'pix', (a) => (a.perfil.pix = { chave: 'not a key {nome}', tipo: 'aleatoria', nomeRecebedor: 'Loja', cidade: 'Recife' })],
          ['perfil', 'pix', (a) => (a.perfil.pix = { chave: 'loja@example.com', tipo: 'email', nomeRecebedor: '<b>x</b>{nome}', cidade: 'Recife' })],
          ['perfil', 'pix', (a) => (a.perfil.pix = { chave: 'loja@example.com', tipo: 'cpf', nomeRecebedor: 'Loja', cidade: 'Recife' })],
          ['perfil', 'nomeLoja', (a) => (a.perfil.nomeLoja = '   ')],
          ['perfil', 'telefoneLoja', (a) => (a.perfil.telefoneLoja = '123')],
          ['perfil', 'cobranca.mensagens.gentil', (a) => ((a.perfil.cobranca as { mensagens: Record<string, string> }).mensagens.gentil = 'Pague {senha}')],
          ['perfil', 'cobranca.reguaDias', (a) => ((a.perfil.cobranca as { reguaDias: number[] }).reguaDias = [])],
          ['clientes', 'telefone', (a) => (a.dados.clientes![0]!.telefone = '(11) 98888-0001')],
          ['clientes', 'email', (a) => (a.dados.clientes![0]!.email = 'não é e-mail')],
          ['clientes', 'nome', (a) => (a.dados.clientes![0]!.nome = '  Com espaços  ')],
          ['produtos', 'categoria', (a) => (a.dados.produtos![0]!.categoria = 'x'.repeat(61))],
          ['vendas', 'observacoes', (a) => (a.dados.vendas![0]!.observacoes = 'y'.repeat(501))],
        ] as Array<[string, string, (a: Arquivo) => void]>
      ).map(([tabela, campo, editar]): [string, (a: Arquivo) => unknown, Record<string, unknown>] => [
        `${tabela}.${campo} a form would refuse, resealed`,
        (a) => (editar(a), comChecksum(a)),
        { motivo: 'esquema', tabela, campo },
      ]),
      [
        'two customers with one id',
        (a) => {
          a.dados.clientes![1]!.id = a.dados.clientes![0]!.id;
          return comChecksum(a);
        },
        { motivo: 'duplicado', tabela: 'clientes', linha: 2, campo: 'id' },
      ],
    ];

    it.each(casos)('%s', async (_, estragar, details) => {
      const arquivo = estragar(copia(original));
      for (const url of ['/api/backup/validar', '/api/backup/restaurar']) {
        const response = await alvo.request({ method: 'POST', url, payload: arquivo as Record<string, unknown> });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(422);
        expect(response.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details });
      }
      expect(await exportar(alvo)).toMatchObject({ dados: antes.dados, perfil: antes.perfil });
    });

    it('values nested deeper than any backup (refused while reading, as not a backup of ours)', async () => {
      for (const niveis of [7, 5_000]) {
        const fundo = `${'['.repeat(niveis)}${']'.repeat(niveis)}`;
        const text = JSON.stringify({ ...original, perfil: '@' }).replace('"perfil":"@"', `"perfil":${fundo}`);
        for (const url of ['/api/backup/validar', '/api/backup/restaurar']) {
          const response = await alvo.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: text });
          expect(response.statusCode, response.body.slice(0, 200)).toBe(422);
          expect(response.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'formato' } });
        }
      }
      expect(await exportar(alvo)).toMatchObject({ dados: antes.dados });
    });

    it('a truncated file', async () => {
      const text = JSON.stringify(original);
      const response = await alvo.request({ method: 'POST', url: '/api/backup/restaurar', headers: { 'content-type': 'application/json' }, payload: text.slice(0, text.length / 2) });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'formato' } });
      expect(await exportar(alvo)).toMatchObject({ dados: antes.dados });
    });

    it('a failure in the middle of the restore undoes all of it', async () => {
      await t.db.execute(sql`
        create or replace function test_falha_restauracao() returns trigger language plpgsql as $$
        begin raise exception 'falha no meio'; end $$`);
      await t.db.execute(sql`create trigger test_falha after insert on lancamentos for each statement execute function test_falha_restauracao()`);
      try {
        const response = await restaurar(alvo, original);
        expect(response.statusCode).toBe(200);
        const linhas = eventos(response.body);
        expect(linhas.some((e) => e.tipo === 'progresso' && e.tabela === 'vendas' && e.feitos > 0)).toBe(true);
        expect(linhas.at(-1)).toMatchObject({ tipo: 'erro', code: 'INTERNAL' });
      } finally {
        await t.db.execute(sql`drop trigger test_falha on lancamentos`);
      }
      expect(await exportar(alvo)).toMatchObject({ dados: antes.dados, perfil: antes.perfil });
    });

    it('a value the database refuses midway is reported as a bad file, and undone', async () => {
      await t.db.execute(sql`
        create or replace function test_recusa_restauracao() returns trigger language plpgsql as $$
        begin raise exception 'valor recusado' using errcode = 'check_violation'; end $$`);
      await t.db.execute(sql`create trigger test_recusa after insert on lancamentos for each statement execute function test_recusa_restauracao()`);
      try {
        const response = await restaurar(alvo, original);
        expect(response.statusCode).toBe(200);
        expect(eventos(response.body).at(-1)).toMatchObject({ tipo: 'erro', code: 'BACKUP_INVALIDO' });
      } finally {
        await t.db.execute(sql`drop trigger test_recusa on lancamentos`);
      }
      expect(await exportar(alvo)).toMatchObject({ dados: antes.dados, perfil: antes.perfil });
    });
  });

  it('names whose search form is longer than they are (Hangul decomposes) go and come back', async () => {
    const coreana = await createSeller(t);
    const nome = '한'.repeat(120);
    const criado = await coreana.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone: '11987654321' } });
    expect(criado.statusCode, criado.body).toBe(201);
    const arquivo = await exportar(coreana);
    expect((arquivo.dados.clientes![0]!.nomeBusca as string).length).toBe(360);
    const validado = await coreana.request({ method: 'POST', url: '/api/backup/validar', payload: arquivo });
    expect(validado.statusCode, validado.body.slice(0, 200)).toBe(200);
    await restaurarOk(coreana, arquivo);
    const busca = await coreana.request({ method: 'GET', url: `/api/clientes?busca=${encodeURIComponent('한한한')}` });
    expect((busca.json() as { items: Cliente[] }).items.map((c) => c.nome)).toEqual([nome]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/backup/restaurar', headers: { origin: TEST_ORIGIN }, payload: original });
    expect(response.statusCode).toBe(401);
  });
});

describe("the customer page's records", () => {
  it('PIX key and online payments go with the shop (same payment ids), customer pages open after a restore; a mismatched payment total is refused', async () => {
    const dona = await createSeller(t);
    const pix = await dona.request({ method: 'PUT', url: '/api/configuracoes/pix', payload: { chave: 'loja@example.com', nomeRecebedor: 'Loja da Dona', cidade: 'Recife' } });
    expect(pix.statusCode, pix.body).toBe(200);
    const criado = await dona.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Vera Portal', telefone: '(81) 98888-1111' } });
    expect(criado.statusCode).toBe(201);
    const cliente = criado.json() as Cliente;
    const [pagamento] = await withSeller(t.db, dona.id, (tx) =>
      tx
        .insert(pagamentosOnline)
        .values({ ownerId: dona.id, clienteId: cliente.id, metodo: 'cartao', valorBase: 1000, taxa: 50, valorTotal: 1050, parcelasMax: 12, ambiente: 'sandbox', mpPaymentId: '987', status: 'divergente', statusMp: 'approved', divergencia: 'valor 10 centavos, esperado 1050' })
        .returning(),
    );

    const arquivo = await exportar(dona);
    expect(arquivo.perfil.pix).toEqual({ chave: 'loja@example.com', tipo: 'email', nomeRecebedor: 'Loja da Dona', cidade: 'Recife' });
    expect(arquivo.dados.pagamentosOnline).toEqual([expect.objectContaining({ id: pagamento!.id, clienteId: cliente.id, valorTotal: 1050, status: 'divergente', mpPaymentId: '987' })]);
    // The Mercado Pago credentials are not in the file (docs/decisions/014).
    expect(JSON.stringify(arquivo)).not.toMatch(/accessToken|webhookSecret|cifrado/i);

    const novo = await createSeller(t);
    const relatorio = await restaurarOk(novo, arquivo);
    expect(relatorio.restaurados.pagamentosOnline).toBe(1);
    const novoCliente = ((await novo.request({ method: 'GET', url: '/api/clientes?status=todos' })).json().items as Cliente[])[0]!;
    const restaurados = await withSeller(t.db, novo.id, (tx) => tx.select().from(pagamentosOnline).where(eq(pagamentosOnline.ownerId, novo.id)));
    expect(restaurados).toEqual([expect.objectContaining({ id: pagamento!.id, clienteId: novoCliente.id, valorTotal: 1050, divergencia: 'valor 10 centavos, esperado 1050' })]);
    expect((await novo.request({ method: 'GET', url: '/api/configuracoes/pix' })).json()).toMatchObject({ chave: 'loja@example.com', cidade: 'Recife' });
    // The restored customer's page opens (the login registry was rebuilt); the old shop's still does too.
    expect((await t.app.inject({ method: 'GET', url: `/api/portal/${novoCliente.login}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/portal/${cliente.login}` })).statusCode).toBe(200);
    const de_novo = await exportar(novo);
    expect(de_novo.perfil.pix).toEqual(arquivo.perfil.pix);
    expect(de_novo.dados.pagamentosOnline!.map(({ clienteId: _c, ...rest }) => rest)).toEqual(arquivo.dados.pagamentosOnline!.map(({ clienteId: _c, ...rest }) => rest));

    const errado = copia(arquivo);
    errado.dados.pagamentosOnline![0]!.taxa = 60;
    const recusado = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: comChecksum(errado) });
    expect(recusado.statusCode).toBe(422);
    expect(recusado.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'total', tabela: 'pagamentosOnline', campo: 'valorTotal' } });
  });
});

describe('online payments in a file (issue 32: a checkout address is never taken from a file)', () => {
  it('checkout attempts nobody paid are left out, and no restored payment keeps its checkout address', async () => {
    const dona = await createSeller(t);
    const cliente = (await dona.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Rui Comprador', telefone: '(81) 98888-2222' } })).json() as Cliente;
    const base = { ownerId: dona.id, clienteId: cliente.id, metodo: 'pix' as const, valorBase: 1000, taxa: 0, valorTotal: 1000, parcelasMax: 1, ambiente: 'sandbox' as const };
    await withSeller(t.db, dona.id, (tx) =>
      tx.insert(pagamentosOnline).values([
        { ...base, status: 'criado', preferenceId: 'pref-1', initPoint: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-1' },
        { ...base, status: 'recusado', mpPaymentId: '555', statusMp: 'rejected', preferenceId: 'pref-2', initPoint: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-2' },
        // A PIX of the page (issue 38), expired: its code is never taken from a file either.
        { ...base, status: 'recusado', mpPaymentId: '556', statusMp: 'cancelled', pixCopiaCola: '000201-codigo', pixQrCode: 'data:image/png;base64,AAAA', pixExpiraEm: new Date('2026-01-01T12:00:00Z') },
      ]),
    );
    const arquivo = await exportar(dona);
    // Edited and resealed: every checkout address sends the customer elsewhere, every PIX pays someone else.
    for (const p of arquivo.dados.pagamentosOnline!) {
      p.initPoint = 'https://phish.example/checkout';
      p.pixCopiaCola = '000201-outro-recebedor';
    }
    const relatorio = await restaurarOk(dona, comChecksum(arquivo));
    expect(relatorio.restaurados.pagamentosOnline).toBe(2);
    const restaurados = await withSeller(t.db, dona.id, (tx) => tx.select().from(pagamentosOnline).where(eq(pagamentosOnline.ownerId, dona.id)).orderBy(pagamentosOnline.mpPaymentId));
    expect(restaurados).toEqual([
      expect.objectContaining({ status: 'recusado', mpPaymentId: '555', preferenceId: null, initPoint: null }),
      expect.objectContaining({ status: 'recusado', mpPaymentId: '556', pixCopiaCola: null, pixQrCode: null, pixExpiraEm: null }),
    ]);
  });
});

describe("the customer page's codes (issue 32: a restore never takes over another shop's code)", () => {
  const portal = (codigo: string) => t.app.inject({ method: 'GET', url: `/api/portal/${codigo}` });
  const nomeNaPagina = async (codigo: string) => {
    const response = await portal(codigo);
    return response.statusCode === 200 ? (response.json() as { primeiroNome: string }).primeiroNome : response.statusCode;
  };
  /** A new shop restoring its own file of one customer, edited and resealed to carry `codigo`. */
  const outraComCodigo = async (codigo: string) => {
    const outra = await createSeller(t);
    await outra.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Quem Tenta', telefone: '(11) 98888-0009' } });
    const arquivo = await exportar(outra);
    arquivo.dados.clientes![0]!.login = codigo;
    return restaurarOk(outra, comChecksum(arquivo));
  };

  it("a code another shop retired stays that shop's: a file carrying it gets a new code, and the old link opens nothing", async () => {
    const a = await createSeller(t);
    const criado = await a.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Ana da Loja A', telefone: '(11) 98888-0001' } });
    const ana = criado.json() as Cliente;
    const regenerado = await a.request({ method: 'POST', url: `/api/clientes/${ana.id}/regenerar-login` });
    expect(regenerado.statusCode, regenerado.body).toBe(200);
    const codigoAntigo = ana.login!;
    expect(await nomeNaPagina(codigoAntigo)).toBe(404);

    // Shop B's file, edited and resealed to carry A's retired code (and a code nobody ever issued).
    const b = await createSeller(t);
    await b.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Bia da Loja B', telefone: '(11) 98888-0002' } });
    await b.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Caio da Loja B', telefone: '(11) 98888-0003' } });
    const arquivo = await exportar(b);
    const [bia, caio] = [...arquivo.dados.clientes!].sort((x, y) => String(x.nome).localeCompare(String(y.nome)));
    bia!.login = codigoAntigo;
    caio!.login = 'lojadocaio';
    const relatorio = await restaurarOk(b, comChecksum(arquivo));
    expect(relatorio.loginsAlterados.map((l) => [l.nome, l.loginAnterior]).sort()).toEqual([
      ['Bia da Loja B', codigoAntigo],
      ['Caio da Loja B', 'lojadocaio'],
    ]);
    // A's old WhatsApp link still opens nothing — not B's page, not B's PIX code.
    expect(await nomeNaPagina(codigoAntigo)).toBe(404);
    expect(await nomeNaPagina('lojadocaio')).toBe(404);
    for (const l of relatorio.loginsAlterados) expect(await nomeNaPagina(l.loginNovo)).toBe(l.nome.split(' ')[0]);
  });

  it("a shop's own codes come back with its backup, a code it retired since included; the ones it issued after are retired", async () => {
    const loja = await createSeller(t);
    const dora = (await loja.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Dora Cliente', telefone: '(11) 98888-0004' } })).json() as Cliente;
    const arquivo = await exportar(loja);
    const novo = (await loja.request({ method: 'POST', url: `/api/clientes/${dora.id}/regenerar-login` })).json() as Cliente;
    expect(novo.login).not.toBe(dora.login);
    const relatorio = await restaurarOk(loja, arquivo);
    expect(relatorio.loginsAlterados).toEqual([]);
    expect(await nomeNaPagina(dora.login!)).toBe('Dora');
    expect(await nomeNaPagina(novo.login!)).toBe(404);
    // And no other shop can have that one either.
    expect((await outraComCodigo(novo.login!)).loginsAlterados).toEqual([expect.objectContaining({ loginAnterior: novo.login })]);
    expect(await nomeNaPagina(novo.login!)).toBe(404);
  });

  it("a deleted customer's code is retired, not freed", async () => {
    const loja = await createSeller(t);
    const eva = (await loja.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Eva Apagada', telefone: '(11) 98888-0005' } })).json() as Cliente;
    expect((await loja.request({ method: 'DELETE', url: `/api/clientes/${eva.id}` })).statusCode).toBe(204);
    expect((await outraComCodigo(eva.login!)).loginsAlterados).toEqual([expect.objectContaining({ loginAnterior: eva.login })]);
    expect(await nomeNaPagina(eva.login!)).toBe(404);
  });
});

describe('replacing a shop is one statement per table, whatever its size (issue 32)', () => {
  it('the rollups are rebuilt once, not once per row, and equal a recount after the commit', async () => {
    const seeded = await seedDemoShop(t.db, { sales: 300, days: 30, seed: 5, now: new Date() });
    const grande = await sessionFor(seeded.email, seeded.senha);
    const pequena = await createSeller(t);
    await pequena.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Única Cliente', telefone: '(11) 98888-0007' } });
    const arquivo = await validarArquivo(await exportar(pequena));
    // Row writes on each rollup table during the restore: this backend's counts before and after it,
    // inside one transaction (its counts are not flushed meanwhile).
    const contagens = (tx: Tx) =>
      queryRows<{ relname: string; ins: number; upd: number }>(
        tx,
        sql`select relname, n_tup_ins::int as ins, n_tup_upd::int as upd from pg_stat_xact_user_tables
            where relname in ('vendas_totais', 'vendas_por_hora', 'pagamentos_por_hora', 'clientes_totais', 'produtos_por_dia', 'clientes_por_dia', 'produtos_por_mes', 'clientes_por_mes',
              'vendas_por_dia_da_loja', 'vendas_por_hora_do_mes', 'pagamentos_por_dia_da_loja', 'devedores_por_dia')`,
      );
    const escritas = await withSeller(
      t.db,
      grande.id,
      async (tx) => {
        const antes = new Map((await contagens(tx)).map((r) => [r.relname, r]));
        await restaurarBackup(tx, grande.id, arquivo);
        return (await contagens(tx)).map((r) => ({ relname: r.relname, ins: r.ins - (antes.get(r.relname)?.ins ?? 0), upd: r.upd - (antes.get(r.relname)?.upd ?? 0) }));
      },
      'restauracao',
    );
    expect(escritas.length).toBeGreaterThan(0);
    // Per-row triggers would update the counters once per sale and customer deleted.
    for (const row of escritas) expect(row, row.relname).toMatchObject({ upd: 0 });
    expect(escritas.find((r) => r.relname === 'clientes_totais')).toMatchObject({ ins: 1 });
    // The demo shop had debtors; the one customer of the file owes nothing.
    expect(escritas.find((r) => r.relname === 'devedores_por_dia')).toMatchObject({ ins: 0 });
    const query: Query = async (text) => rowsOf(await t.db.execute(sql.raw(text)));
    expect(await checkInvariants(query)).toEqual([]);
    expect(await recontagens(query)).toEqual(TUDO_CONFERE);
    expect((await grande.request({ method: 'GET', url: '/api/dashboard' })).json()).toMatchObject({ totalClientes: 1, valorPendente: 0 });
  });
});

describe("the seller's own phone (Perfil)", () => {
  const perfilDe = async (s: SellerSession) => (await s.request({ method: 'GET', url: '/api/configuracoes' })).json().perfil as { nome: string; telefone: string | null };
  const salvarPerfil = async (s: SellerSession, telefone: string | null) => {
    const response = await s.request({ method: 'PUT', url: '/api/configuracoes/perfil', payload: { nome: 'Dona Rita', avatar: null, telefone } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('goes in the file and comes back with the restore, apart from the shop phone', async () => {
    const dona = await createSeller(t);
    await salvarPerfil(dona, '(81) 98888-7777');
    const arquivo = await exportar(dona);
    expect(arquivo.perfil).toMatchObject({ telefone: '81988887777', telefoneLoja: null });

    const novo = await createSeller(t);
    expect((await perfilDe(novo)).telefone).toBeNull();
    await restaurarOk(novo, arquivo);
    expect((await perfilDe(novo)).telefone).toBe('81988887777');
    // A file whose phone was cleared clears it.
    await salvarPerfil(dona, '');
    await restaurarOk(novo, await exportar(dona));
    expect((await perfilDe(novo)).telefone).toBeNull();
  });

  it('a file from before it was kept still restores, and leaves the phone as it is', async () => {
    const dona = await createSeller(t);
    await dona.request({ method: 'PUT', url: '/api/configuracoes/loja', payload: { nomeLoja: 'Loja Antiga', telefoneLoja: '', enderecoLoja: '', documento: '', fusoHorario: 'America/Recife' } });
    const antigo = copia(await exportar(dona));
    delete antigo.perfil.telefone;
    const arquivo = comChecksum(antigo);

    const novo = await createSeller(t);
    await salvarPerfil(novo, '(11) 3333-4444');
    const resumo = await novo.request({ method: 'POST', url: '/api/backup/validar', payload: arquivo });
    expect(resumo.statusCode, resumo.body.slice(0, 300)).toBe(200);
    expect(resumo.json()).toMatchObject({ nomeLoja: 'Loja Antiga' });
    await restaurarOk(novo, arquivo);
    const config = (await novo.request({ method: 'GET', url: '/api/configuracoes' })).json();
    expect(config.loja).toMatchObject({ nomeLoja: 'Loja Antiga', fusoHorario: 'America/Recife' });
    expect(config.perfil.telefone).toBe('1133334444');
  });

  it('a phone that is no text, or too long, is a bad file', async () => {
    const dona = await createSeller(t);
    for (const telefone of [81988887777, '8'.repeat(41)]) {
      const errado = copia(await exportar(dona));
      errado.perfil.telefone = telefone;
      const recusado = await dona.request({ method: 'POST', url: '/api/backup/validar', payload: comChecksum(errado) });
      expect(recusado.statusCode).toBe(422);
      expect(recusado.json()).toMatchObject({ code: 'BACKUP_INVALIDO', details: { motivo: 'esquema', tabela: 'perfil', campo: 'telefone' } });
    }
  });
});

describe('the table list', () => {
  it('covers every seller table, and every column of each but owner_id and generated ones', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'owner_id' order by 1`,
    );
    const sqlNames = TABELAS_BACKUP.map((tb) => getTableName(tb.table));
    expect(tables.map((r) => r.table_name).filter((name) => !FORA_DO_BACKUP.includes(name)).sort()).toEqual([...sqlNames].sort());

    for (const tabela of TABELAS_BACKUP) {
      const colunas = Object.entries(getTableColumns(tabela.table) as Record<string, { generated?: unknown }>)
        .filter(([prop, col]) => prop !== 'ownerId' && !col.generated)
        .map(([prop]) => prop);
      expect(Object.keys(tabela.linha.shape).sort(), tabela.key).toEqual(colunas.sort());
    }
  });

  it('carries every column of the shop profile in perfil', () => {
    const colunas = Object.keys(getTableColumns(perfis)).filter((prop) => prop !== 'ownerId' && prop !== 'updatedAt');
    const campos = Object.keys(perfilBackupSchema.shape).filter((key) => key !== 'pix' && key !== 'cobranca');
    expect(campos.sort()).toEqual(colunas.sort());
  });

  it("carries every collection setting in perfil.cobranca", () => {
    const colunas = Object.keys(getTableColumns(cobrancaConfig)).filter((prop) => prop !== 'ownerId' && prop !== 'updatedAt');
    const cobranca = (perfilBackupSchema.shape.cobranca.unwrap().unwrap() as unknown as { shape: Record<string, unknown> });
    expect(Object.keys(cobranca.shape).sort()).toEqual(colunas.sort());
  });
});
