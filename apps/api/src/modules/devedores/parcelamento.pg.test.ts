import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, gerarParcelas, situacaoDoParcelamento, today } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testDbKind } from '../../../test/db';
import { insertCliente, insertProduto, ledgerSum, readCliente } from '../../../test/fixtures';
import { parcelamentos } from '../../db/schema';

/**
 * Schedules and payments at the same moment, each request on its own connection (PostgreSQL only):
 * the customer's lock serialises them, so exactly one schedule stays in force, each one saved summed
 * to the debt of its moment, and the due date is the open instalment of the one in force.
 */
describe('parcelamento under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let loja: SellerSession;
  beforeAll(async () => {
    expect(testDbKind).toBe('postgres');
    t = await buildTestApp();
    loja = await createSeller(t);
  });
  afterAll(() => t.close());

  it('6 schedules of R$ 300,00 and 6 payments of R$ 10,00 at once: one schedule in force, every payment posted, the due date its open instalment', async () => {
    const cliente = await insertCliente(t, loja.id, { nome: 'Rosa Lima', limiteCredito: 1_000_000 });
    const produto = await insertProduto(t, loja.id, { precoVenda: 30_000, estoqueAtual: 5 });
    const venda = await loja.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    expect(venda.statusCode, venda.body).toBe(201);
    const parcelas = gerarParcelas({ total: 30_000, quantidade: 3, primeira: addDays(today(), 5), modo: 'mensal' });
    const respostas = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? loja.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 1_000, metodo: 'dinheiro' } })
          : loja.request({ method: 'PUT', url: `/api/devedores/${cliente.id}/parcelamento`, payload: { modo: 'mensal', parcelas } }),
      ),
    );
    const pagamentos = respostas.filter((_, i) => i % 2);
    expect(pagamentos.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    // A schedule of R$ 300,00 is saved only while nothing was paid yet; later ones are refused, not saved.
    const planos = respostas.filter((_, i) => !(i % 2));
    expect(planos.every((r) => r.statusCode === 200 || (r.statusCode === 400 && r.json().issues.some((x: { message: string }) => x.message === 'parcelasNaoSomam')))).toBe(true);
    expect(await ledgerSum(t, cliente.id)).toBe(-24_000);

    const linhas = await t.db.select().from(parcelamentos).where(eq(parcelamentos.clienteId, cliente.id));
    expect(linhas).toHaveLength(planos.filter((r) => r.statusCode === 200).length);
    const ativos = linhas.filter((l) => l.estado === 'ativo');
    if (linhas.length === 0) return; // every payment came first: nothing to split at R$ 300,00
    expect(ativos).toHaveLength(1);
    expect(linhas.filter((l) => l.estado === 'renegociado')).toHaveLength(linhas.length - 1);
    const situacao = situacaoDoParcelamento(ativos[0]!.parcelas, ativos[0]!.creditos, 24_000);
    // Every payment after the schedule in force was made paid it; the ones before were part of the debt it split.
    expect(situacao.aberto).toBe(24_000);
    expect((await readCliente(t, cliente.id)).dataVencimento).toBe(situacao.proxima!.vencimento);
  });
});
