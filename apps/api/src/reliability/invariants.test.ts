import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, type TestApp } from '../../test/app';
import { insertCliente, insertProduto } from '../../test/fixtures';
import { checkInvariants, withAdmin, type Query } from '../../test/invariants';

/*
 * The invariants the reliability suite relies on can fail: on a database the app wrote, each check
 * passes; after one deliberate corruption (undone before the next), the matching rule reports it.
 */

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  url = (t.database as { url?: string }).url!;
  const seller = await createSeller(t);
  const cliente = await insertCliente(t, seller.id);
  const produto = await insertProduto(t, seller.id, { estoqueAtual: 10, precoVenda: 1_000, precoCusto: 400 });
  const sale = (body: object) => seller.request({ method: 'POST', url: '/api/vendas', payload: body });
  expect((await sale({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] })).statusCode).toBe(201);
  expect((await sale({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] })).statusCode).toBe(201);
  const comDesconto = { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1, desconto: { tipo: 'valor', valor: 100 } }, { valor: 300 }] };
  expect((await sale({ ...comDesconto, desconto: { tipo: 'percentual', valor: 10 } })).statusCode).toBe(201);
  const pagamento = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500, metodo: 'pix' } });
  expect(pagamento.statusCode).toBe(201);
  // Offline sales (ADR 034): one short of stock, one cancelled short of stock, one fiado dated before
  // the customer's paid-in-part sale and past a limit of 0.
  curto = await insertProduto(t, seller.id, { estoqueAtual: 3, precoVenda: 200, precoCusto: 100 });
  const offline = (horas: number) => ({ offline: { feitaEm: new Date(Date.now() - horas * 3_600_000).toISOString() } });
  const curta = await sale({ formaPagamento: 'vista', itens: [{ produtoId: curto.id, quantidade: 2 }, { produtoId: curto.id, quantidade: 3, desconto: { tipo: 'valor', valor: 50 } }], ...offline(5) });
  expect(curta.json().alertas).toEqual([{ tipo: 'estoque', produtoId: curto.id, produtoNome: curto.nome, unidade: 'un', faltou: 2 }]);
  const cancelada = await sale({ formaPagamento: 'vista', itens: [{ produtoId: curto.id, quantidade: 4 }], ...offline(4) });
  expect(cancelada.json().alertas).toHaveLength(1);
  expect((await seller.request({ method: 'POST', url: `/api/vendas/${cancelada.json().id}/cancelar`, payload: { motivo: 'Cliente desistiu' } })).statusCode).toBe(200);
  const semLimite = await insertCliente(t, seller.id, { limiteCredito: 0 });
  await seller.request({ method: 'POST', url: `/api/clientes/${semLimite.id}/pagamentos`, payload: { valor: 300, metodo: 'dinheiro' } });
  expect((await sale({ formaPagamento: 'fiado', clienteId: semLimite.id, itens: [{ produtoId: produto.id, quantidade: 1 }], ...offline(0) })).statusCode).toBe(201);
  const antiga = await sale({ formaPagamento: 'fiado', clienteId: semLimite.id, itens: [{ produtoId: produto.id, quantidade: 1 }], ...offline(48) });
  expect(antiga.json()).toMatchObject({ valorPago: 300, alertas: [{ tipo: 'bloqueado' }] });
  // An offline payment (ADR 034), dated two days back, before the customer's sales.
  const recebido = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 700, ...offline(48) } });
  expect(recebido.json()).toMatchObject({ cliente: { saldoAtual: -800 } });
});
let curto: { id: string; nome: string };
afterAll(() => t?.close());

/** Runs `corrupt`, checks the invariants, then `undo`: the rules that fired. */
async function rulesAfter(corrupt: string, undo: string): Promise<string[]> {
  return withAdmin(url, async (query: Query) => {
    await query(corrupt);
    try {
      return [...new Set((await checkInvariants(query)).map((v) => v.rule))];
    } finally {
      await query(undo);
    }
  });
}

describe('the invariants', () => {
  it('hold on what the app wrote', async () => {
    expect(await withAdmin(url, (query) => checkInvariants(query))).toEqual([]);
  });

  it('count an offline shortfall as stock that never left: the start minus what sold, plus what was missing', async () => {
    expect(await withAdmin(url, (query) => checkInvariants(query, { estoqueInicial: new Map([[curto.id, 3]]) }))).toEqual([]);
    expect(await withAdmin(url, (query) => checkInvariants(query, { estoqueInicial: new Map([[curto.id, 2]]) }))).toContainEqual(
      expect.objectContaining({ rule: 'stock is not the start minus what was sold' }),
    );
  });

  it.each([
    ['vendas_totais differs from a recount of the sales', `update vendas_totais set quantidade = quantidade + 1 where forma_pagamento = 'vista'`, `update vendas_totais set quantidade = quantidade - 1 where forma_pagamento = 'vista'`],
    ['vendas_totais differs from a recount of the sales', `delete from vendas_totais where forma_pagamento = 'fiado' returning 1`, `insert into vendas_totais (owner_id, forma_pagamento, status_pagamento, quantidade, valor_total, valor_pago, custo_total) select owner_id, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total) from vendas where forma_pagamento = 'fiado' group by 1, 2, 3`],
    ['vendas_por_hora differs from a recount of the sales by UTC hour', `update vendas_por_hora set valor_pago = valor_pago + 1 where forma_pagamento = 'fiado'`, `update vendas_por_hora set valor_pago = valor_pago - 1 where forma_pagamento = 'fiado'`],
    ['pagamentos_por_hora differs from a recount of the ledger payments', `update pagamentos_por_hora set valor = valor + 1`, `update pagamentos_por_hora set valor = valor - 1`],
    ['clientes_totais differs from a recount of the customers', `update clientes_totais set devedores = devedores + 1`, `update clientes_totais set devedores = devedores - 1`],
    [
      'a seller with customers has no search version',
      `delete from clientes_versao returning 1`,
      `insert into clientes_versao (owner_id, versao) select owner_id, nextval('clientes_versao_seq') from (select distinct owner_id from clientes) c`,
    ],
    ["a sale's custo_total is not the sum of its items' costs", `update itens_venda set custo = custo + 1`, `update itens_venda set custo = custo - 1`],
    [
      "an item's subtotal or cost is not quantity × unit price or cost (valorDaLinha), less its discounts",
      `update itens_venda set custo_unitario = custo_unitario + 1`,
      `update itens_venda set custo_unitario = custo_unitario - 1`,
    ],
    [
      "an item's subtotal or cost is not quantity × unit price or cost (valorDaLinha), less its discounts",
      `update itens_venda set desconto = desconto + 1 where desconto > 0`,
      `update itens_venda set desconto = desconto - 1 where desconto > 0`,
    ],
    [
      "a sale's discount is not its lines' shares, or its total discount not all of its lines' discounts",
      `update vendas set desconto = desconto + 1 where desconto > 0`,
      `update vendas set desconto = desconto - 1 where desconto > 0`,
    ],
    ['vendas_por_hora differs from a recount of the sales by UTC hour', `update vendas_por_hora set desconto_total = desconto_total + 1 where desconto_total > 0`, `update vendas_por_hora set desconto_total = desconto_total - 1 where desconto_total > 0`],
    [
      "an online sale with alerts, or an offline sale's shortfall not within its lines",
      `update vendas set alertas = jsonb_set(alertas, '{0,faltou}', '99') where feita_offline and alertas @> '[{"tipo":"estoque"}]' and status_pagamento <> 'cancelado'`,
      `update vendas set alertas = jsonb_set(alertas, '{0,faltou}', '2') where feita_offline and alertas @> '[{"tipo":"estoque"}]' and status_pagamento <> 'cancelado'`,
    ],
    ['saldo_atual differs from the ledger sum', `update clientes set saldo_atual = saldo_atual + 1`, `update clientes set saldo_atual = saldo_atual - 1`],
  ])('report %s', async (rule, corrupt, undo) => {
    expect(await rulesAfter(corrupt, undo)).toContain(rule);
    expect(await withAdmin(url, (query) => checkInvariants(query))).toEqual([]);
  });
});
