import { sql } from 'drizzle-orm';
import { ATIVIDADES_RECENTES, type Atividade, type Dashboard } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, clientesTotais, contestacaoAbertaSql, contestacoes, lancamentos, produtos, vendas } from '../../db/schema';
import { valorPendenteSql, vendasHojeSql } from '../vendas/rollups.service';
import { queryRows } from '../../lib/sql';
import { lerConfigHoje } from '../devedores/cobranca-config.service';
import { lerResumoDividas, resumoDosDevedoresSql, type Contexto } from '../devedores/devedores.sql';

/**
 * The dashboard in one query (after the shop's settings, read by primary key). No figure grows
 * with the shop's past sales: today's sales and what is pending come from the rollups
 * (vendas_por_hora over today's hours in the shop's time zone, vendas_totais), the debtors card
 * from the debts by due day the ledger keeps (devedores_por_dia) — who owes, and who is late by the
 * one meaning of overdue (resumoDosDevedoresSql, as Devedores' cards) —, the latest sales and payments from backwards index scans with LIMIT, the
 * customers from their counter (clientes_totais). The product counts grow with the catalogue only.
 */
export const dashboardSql = (ctx: Contexto, agora: Date = new Date()) => {
  const ownerId = ctx.ownerId;
  return sql`
      with vendas_hoje as (
        select * from ${vendasHojeSql(ownerId, ctx.fuso, agora)} v
      ), devedores as (${resumoDosDevedoresSql(ctx)}
      ), atividades as (
        select * from (
          (select 'venda' as tipo, v.id, v.data_venda as quando, v.valor_total as valor, c.nome as cliente_nome,
                  v.numero_venda, v.forma_pagamento, v.status_pagamento, null::text as metodo
           from ${vendas} v
           left join ${clientes} c on c.owner_id = v.owner_id and c.id = v.cliente_id
           where v.owner_id = ${ownerId}
           order by v.data_venda desc limit ${ATIVIDADES_RECENTES})
          union all
          (select 'pagamento', l.id, l.created_at, l.valor, c.nome, null, null, null, l.metodo
           from ${lancamentos} l
           join ${clientes} c on c.owner_id = l.owner_id and c.id = l.cliente_id
           where l.owner_id = ${ownerId} and l.tipo = 'pagamento'
           order by l.created_at desc limit ${ATIVIDADES_RECENTES})
        ) a
        order by quando desc limit ${ATIVIDADES_RECENTES}
      )
      select
        (select coalesce(sum(quantidade), 0)::int from ${clientesTotais} where owner_id = ${ownerId} and ativo) as total_clientes,
        (select count(*)::int from ${produtos} where owner_id = ${ownerId} and ativo) as total_produtos,
        (select count(*)::int from ${produtos} where owner_id = ${ownerId} and ativo and estoque_atual <= estoque_minimo) as estoque_baixo,
        (select count(distinct ct.cliente_id)::int from ${contestacoes} ct where ct.owner_id = ${ownerId} and ${contestacaoAbertaSql('ct')}) as contestacoes_abertas,
        vendas_hoje.n as vendas_hoje,
        vendas_hoje.valor as valor_vendas_hoje,
        ${valorPendenteSql(ownerId)} as valor_pendente,
        (select row_to_json(r) from devedores r) as devedores,
        (select coalesce(json_agg(json_build_object(
            'tipo', tipo, 'id', id,
            'data', to_char(quando at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'valor', valor, 'clienteNome', cliente_nome, 'numeroVenda', numero_venda,
            'formaPagamento', forma_pagamento, 'statusPagamento', status_pagamento, 'metodo', metodo
          ) order by quando desc), '[]'::json) from atividades) as atividades
      from vendas_hoje
    `;
};

export async function getDashboard(tx: Executor, ownerId: string, agora: Date = new Date()): Promise<Dashboard> {
  const config = await lerConfigHoje(tx, ownerId, agora);
  const [row] = await queryRows<{
    total_clientes: number;
    total_produtos: number;
    estoque_baixo: number;
    contestacoes_abertas: number;
    vendas_hoje: number;
    valor_vendas_hoje: number;
    valor_pendente: number;
    devedores: Record<string, unknown> | string;
    atividades: Atividade[] | string | null;
  }>(tx, dashboardSql({ ownerId, regra: config.regra, fuso: config.fuso, hoje: config.hoje }, agora));
  const devedores = lerResumoDividas(typeof row!.devedores === 'string' ? (JSON.parse(row!.devedores) as Record<string, unknown>) : row!.devedores);
  const atividadesRaw = typeof row!.atividades === 'string' ? (JSON.parse(row!.atividades) as unknown[]) : (row!.atividades ?? []);
  const atividades = (atividadesRaw as Array<Record<string, unknown>>).map((a): Atividade =>
    a.tipo === 'venda'
      ? {
          tipo: 'venda',
          id: String(a.id),
          data: String(a.data),
          valor: Number(a.valor),
          clienteNome: (a.clienteNome as string | null) ?? null,
          numeroVenda: String(a.numeroVenda),
          formaPagamento: a.formaPagamento as 'vista' | 'fiado',
          statusPagamento: a.statusPagamento as 'pago' | 'pendente' | 'cancelado',
        }
      : {
          tipo: 'pagamento',
          id: String(a.id),
          data: String(a.data),
          valor: Number(a.valor),
          clienteNome: (a.clienteNome as string | null) ?? null,
          metodo: (a.metodo as Extract<Atividade, { tipo: 'pagamento' }>['metodo']) ?? null,
        },
  );
  return {
    totalClientes: Number(row!.total_clientes),
    totalProdutos: Number(row!.total_produtos),
    estoqueBaixo: Number(row!.estoque_baixo),
    contestacoesAbertas: Number(row!.contestacoes_abertas),
    vendasHoje: Number(row!.vendas_hoje),
    valorVendasHoje: Number(row!.valor_vendas_hoje),
    valorPendente: Number(row!.valor_pendente),
    devedores: devedores.devedores,
    valorDevedores: devedores.valor,
    devedoresVencidos: devedores.vencidos,
    valorVencido: devedores.valorVencido,
    atividades,
  };
}
