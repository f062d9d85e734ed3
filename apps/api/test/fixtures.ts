import { eq, sql } from 'drizzle-orm';
import { withSeller } from '../src/db/client';
import type { ArquivoValidado } from '../src/modules/backup/arquivo';
import { restaurarBackup } from '../src/modules/backup/restaurar';
import { clientes, lancamentos, produtos, vendas } from '../src/db/schema';
import type { SellerSession, TestApp } from './app';
import type { TestClock } from './clock';

/**
 * Customers and products for sales tests, written straight into the seller's rows (their CRUD
 * endpoints belong to another module). Money in centavos.
 */
export async function insertCliente(
  t: TestApp,
  ownerId: string,
  values: Partial<typeof clientes.$inferInsert> & { nome?: string } = {},
) {
  const nome = values.nome ?? `Cliente ${Math.random().toString(36).slice(2, 8)}`;
  return withSeller(t.db, ownerId, async (tx) => {
    const [row] = await tx
      .insert(clientes)
      .values({
        ownerId,
        telefone: '11987654321',
        limiteCredito: 100_000,
        ...values,
        nome,
        nomeBusca: nome.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase(),
      })
      .returning();
    return row!;
  });
}

export async function insertProduto(t: TestApp, ownerId: string, values: Partial<typeof produtos.$inferInsert> = {}) {
  const nome = values.nome ?? `Produto ${Math.random().toString(36).slice(2, 8)}`;
  return withSeller(t.db, ownerId, async (tx) => {
    const [row] = await tx
      .insert(produtos)
      .values({
        ownerId,
        precoVenda: 1000,
        precoCusto: 600,
        estoqueAtual: 100,
        estoqueMinimo: 5,
        ...values,
        nome,
        nomeBusca: nome.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase(),
      })
      .returning();
    return row!;
  });
}

export async function readCliente(t: TestApp, id: string) {
  const [row] = await t.db.select().from(clientes).where(eq(clientes.id, id));
  return row!;
}

export async function readProduto(t: TestApp, id: string) {
  const [row] = await t.db.select().from(produtos).where(eq(produtos.id, id));
  return row!;
}

export async function readVenda(t: TestApp, id: string) {
  const [row] = await t.db.select().from(vendas).where(eq(vendas.id, id));
  return row!;
}

/** The ledger's own answer for a customer: the sum of their entries. */
export async function ledgerSum(t: TestApp, clienteId: string): Promise<number> {
  const [row] = await t.db
    .select({ s: sql<number>`coalesce(sum(${lancamentos.valor}), 0)::bigint`.mapWith(Number) })
    .from(lancamentos)
    .where(eq(lancamentos.clienteId, clienteId));
  return row!.s;
}

export async function countRows(t: TestApp, table: typeof vendas | typeof lancamentos, ownerId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(table)
    .where(eq(table.ownerId, ownerId));
  return row!.n;
}

/**
 * A backup restore of the seller's shop, its transaction opened as the route opens it (the shop's
 * lock held alone) and held there until `abrir()`: what is sent meanwhile meets a restore under way.
 * `concluida` settles with the restore's report once it has run and committed.
 */
export async function restauracaoRetida(t: TestApp, ownerId: string, arquivo: ArquivoValidado) {
  let abrir!: () => void;
  const portao = new Promise<void>((resolve) => (abrir = resolve));
  let comecou!: () => void;
  const emCurso = new Promise<void>((resolve) => (comecou = resolve));
  const concluida = withSeller(
    t.db,
    ownerId,
    async (tx) => {
      comecou();
      await portao;
      return restaurarBackup(tx, ownerId, arquivo);
    },
    'restauracao',
  );
  await emCurso;
  return { abrir, concluida };
}

/** A fiado sale of one new product at `preco` to the customer, through the API (as the counter makes it). */
export async function venderFiado(t: TestApp, seller: { id: string; request: SellerSession['request'] }, clienteId: string, preco: number) {
  const produto = await insertProduto(t, seller.id, { precoVenda: preco, estoqueAtual: 10 });
  const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  if (venda.statusCode !== 201) throw new Error(`venda fiado: ${venda.statusCode} ${venda.body}`);
}

/** The jobs' next pass: the clock moves past the minute's slot of the sending job first, then what is due runs. */
export async function proximaRodada(t: TestApp, clock: TestClock): Promise<void> {
  clock.set(new Date(clock.now().getTime() + 61_000));
  await t.app.jobs.runDue();
}
