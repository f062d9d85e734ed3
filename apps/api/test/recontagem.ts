import type { Query } from './invariants';

/*
 * What the invariants (invariants.ts) leave out: the reports' rollups by UTC day and month
 * (0007, 0015), by the shop's day (0025), the debts by due day (0030), clientes.pendente_desde (0009, 0023, kept by the ledger's allocation) and the customer
 * page's login registry (0003), each against a recount of the rows they follow. Every check answers
 * how many rows differ, over every seller; read as a user RLS does not bind.
 */

/** Rows of `a` not in `b` and of `b` not in `a` (the recount checks). */
const diferenca = (a: string, b: string) => `select count(*)::int as n from ((${a} except ${b}) union all (${b} except ${a})) x`;
// Lines of a product: a loose line (no product) is in no product's row.
const vendasAtivas = `from itens_venda i join vendas v on v.owner_id = i.owner_id and v.id = i.venda_id where v.status_pagamento <> 'cancelado' and i.produto_id is not null`;
export const RECONTAGENS: Record<string, string> = {
  produtos_por_dia: diferenca(
    `select owner_id, dia, produto_id, quantidade, valor_total, custo_total from produtos_por_dia where quantidade <> 0`,
    `select i.owner_id, (v.data_venda at time zone 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.custo) ${vendasAtivas} group by 1, 2, 3`,
  ),
  produtos_por_mes: diferenca(
    `select owner_id, mes, produto_id, quantidade, valor_total, custo_total from produtos_por_mes where quantidade <> 0`,
    `select i.owner_id, date_trunc('month', v.data_venda at time zone 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.custo) ${vendasAtivas} group by 1, 2, 3`,
  ),
  clientes_por_dia: diferenca(
    `select owner_id, dia, cliente_id, quantidade::bigint, valor_total from clientes_por_dia where quantidade <> 0`,
    `select owner_id, (data_venda at time zone 'UTC')::date, cliente_id, count(*), sum(valor_total) from vendas where cliente_id is not null and status_pagamento <> 'cancelado' group by 1, 2, 3`,
  ),
  clientes_por_mes: diferenca(
    `select owner_id, mes, cliente_id, quantidade::bigint, valor_total from clientes_por_mes where quantidade <> 0`,
    `select owner_id, date_trunc('month', data_venda at time zone 'UTC')::date, cliente_id, count(*), sum(valor_total) from vendas where cliente_id is not null and status_pagamento <> 'cancelado' group by 1, 2, 3`,
  ),
  // By the shop's calendar (0025): its profile's time zone, the default without one.
  vendas_por_dia_da_loja: diferenca(
    `select owner_id, dia, forma_pagamento, status_pagamento, quantidade::bigint, valor_total, valor_pago, custo_total, desconto_total from vendas_por_dia_da_loja
      where (quantidade, valor_total, valor_pago, custo_total, desconto_total) <> (0, 0, 0, 0, 0)`,
    `select owner_id, (data_venda at time zone fuso_da_loja(owner_id))::date, forma_pagamento, status_pagamento, count(*), sum(valor_total), sum(valor_pago), sum(custo_total),
            sum(desconto_total)
       from vendas group by 1, 2, 3, 4`,
  ),
  vendas_por_hora_do_mes: diferenca(
    `select owner_id, mes, hora::int, quantidade::bigint, valor_total, custo_total from vendas_por_hora_do_mes where (quantidade, valor_total, custo_total) <> (0, 0, 0)`,
    `select owner_id, date_trunc('month', data_venda at time zone fuso_da_loja(owner_id))::date, extract(hour from data_venda at time zone fuso_da_loja(owner_id))::int,
            count(*), sum(valor_total), sum(custo_total)
       from vendas where status_pagamento <> 'cancelado' group by 1, 2, 3`,
  ),
  pagamentos_por_dia_da_loja: diferenca(
    `select owner_id, dia, metodo, quantidade::bigint, valor from pagamentos_por_dia_da_loja where (quantidade, valor) <> (0, 0)`,
    `select owner_id, (created_at at time zone fuso_da_loja(owner_id))::date, coalesce(metodo, 'dinheiro'), count(*), sum(valor)
       from lancamentos where tipo = 'pagamento' group by 1, 2, 3`,
  ),
  // Debts by due day (0030): every customer who owes, by active flag, agreed date and the shop's day the debt started; no empty group left.
  devedores_por_dia: diferenca(
    `select owner_id, ativo, combinado, dia, quantidade::bigint, valor from devedores_por_dia`,
    `select owner_id, ativo, coalesce(data_vencimento, 'infinity'), dia_da_divida(owner_id, pendente_desde), count(*), sum(-saldo_atual) from clientes where saldo_atual < 0 group by 1, 2, 3, 4`,
  ),
  // The oldest open debt, sale or hand-posted debit (0023's function, whose pure twin is dividaDoRazao).
  pendente_desde: `select count(*)::int as n from clientes c where c.pendente_desde is distinct from divida_pendente_desde(c.owner_id, c.id, c.saldo_atual)`,
  // Retired codes (no customer) stay in the registry, their shop's (migration 0022).
  logins_clientes: diferenca(`select owner_id, login, id from clientes where login is not null`, `select owner_id, login, cliente_id from logins_clientes where cliente_id is not null`),
};

export async function recontagens(admin: Query) {
  const out: Record<string, number> = {};
  for (const [nome, query] of Object.entries(RECONTAGENS)) out[nome] = Number((await admin<{ n: number }>(query))[0]!.n);
  return out;
}
export const TUDO_CONFERE = Object.fromEntries(Object.keys(RECONTAGENS).map((k) => [k, 0]));
