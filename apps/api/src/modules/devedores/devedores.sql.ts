import { sql, type SQL } from 'drizzle-orm';
import { LIMIARES_NIVEL, type NivelAtraso, type RegraVencimento, type ResumoDividas } from '@caderneta/shared';
import { FAIXAS_ATRASO, percentual, type FaixaAtraso } from '@caderneta/shared/relatorios';
import { clientes, devedoresPorDia } from '../../db/schema';
import { avisosAtivosSql } from '../mensagens/mensagens.service';

/*
 * The one meaning of "due" and "overdue" (docs/decisions/027-one-meaning-of-overdue.md) in SQL:
 * `situacaoDivida` and `resumoDividas` of packages/shared/src/divida.ts, computed in the database
 * from the customer rows alone (clientes.pendente_desde, the start of the oldest open debt, is kept
 * by the ledger with divida_pendente_desde()). Devedores, the dashboard, the reports, the daily
 * notification, the reminders and the customer page all read their due dates through
 * `devedoresSql` and their figures through `resumoDividasSql`; a property test checks every one of
 * them against the shared functions on random shops.
 */

/** The shop's calendar day the oldest open debt started. */
const diaDaDivida = (fuso: string) => sql`(c.pendente_desde at time zone ${fuso})::date`;
/** First day of the month after that day (plain timestamps: no time zone in the arithmetic). */
const inicioMesSeguinte = (dia: SQL) => sql`(date_trunc('month', (${dia})::timestamp) + interval '1 month')::date`;
const fimMesSeguinte = (dia: SQL) => sql`(date_trunc('month', (${dia})::timestamp) + interval '2 month' - interval '1 day')::date`;

/** vencimentoPelaRegra: the due date of a debt started on the shop's calendar day `dia` (a date expression). */
export function vencimentoDoDiaSql(regra: RegraVencimento, dia: SQL): SQL {
  switch (regra.tipo) {
    case 'proximo_mes':
      // Days 1–28 exist in every month; the cap only matters for a larger day.
      return regra.diaVencimento <= 28
        ? sql`(${inicioMesSeguinte(dia)} + ${regra.diaVencimento - 1}::int)`
        : sql`least(${inicioMesSeguinte(dia)} + ${regra.diaVencimento - 1}::int, ${fimMesSeguinte(dia)})`;
    case 'dias_fixos':
      return sql`((${dia})::date + ${regra.diasPrazo}::int)`;
    case 'data_fixa':
      return regra.dataFixa ? sql`${regra.dataFixa}::date` : inicioMesSeguinte(dia);
  }
}

/** vencimentoDevedor from its inputs: the agreed date (a date or null) and the shop's day the oldest open debt started (null: none). */
function vencimentoDeSql(regra: RegraVencimento, hoje: string, combinado: SQL, dia: SQL): SQL {
  return sql`coalesce(${combinado}, case when ${dia} is null then ${hoje}::date else ${vencimentoDoDiaSql(regra, dia)} end)`;
}

/** diasEmAtraso: days past the due date `vencimento` (a date expression) on `hoje`, 0 before it. */
const diasSql = (hoje: string, vencimento: SQL): SQL => sql`greatest(0, ${hoje}::date - ${vencimento})`;

/** vencimentoDevedor: the date agreed with the customer, else the rule from the oldest open debt, else today. */
export function vencimentoSql(regra: RegraVencimento, fuso: string, hoje: string): SQL {
  return vencimentoDeSql(regra, hoje, sql`c.data_vencimento`, diaDaDivida(fuso));
}

export interface Contexto {
  ownerId: string;
  regra: RegraVencimento;
  fuso: string;
  hoje: string;
}

/**
 * situacaoDivida: one row per customer matching `where` (over `clientes c`) with its due date
 * (`vencimento`), days overdue (`dias`; overdue ⇔ dias > 0) and whether a promise to pay was broken
 * (a promise moves nothing else). A subquery to select from (`d`).
 *
 * `calcular`: the due date is computed once per row (an optimisation fence, `offset 0`), for
 * queries that read it several times (the cards). Without it the planner inlines the subquery, so a
 * query that never reads the due date (a page sorted by amount) does not compute it at all.
 */
export function devedoresSql(ctx: Contexto, where: SQL, { calcular = false }: { calcular?: boolean } = {}): SQL {
  return sql`(
    select x.*, ${diasSql(ctx.hoje, sql`x.vencimento`)} as dias,
           coalesce(x.promessa_pagamento < ${ctx.hoje}::date and x.saldo_atual < 0, false) as promessa_quebrada
    from (
      select c.id, c.nome, c.nome_busca, c.telefone, c.login, c.ativo, c.saldo_atual, c.pendente_desde, c.data_vencimento,
             c.promessa_pagamento, ${avisosAtivosSql('c')} as avisos_ativos, ${vencimentoSql(ctx.regra, ctx.fuso, ctx.hoje)} as vencimento
      from ${clientes} c
      where c.owner_id = ${ctx.ownerId} and ${where}
      ${calcular ? sql`offset 0` : sql``}
    ) x
  ) d`;
}

/** Debtors are the active customers who owe (spec §7: active, saldo_atual < 0); read by clientes_devedores_idx. */
export const ehDevedor = sql`c.ativo and c.saldo_atual < 0`;

/** Overdue, over `d` (estaVencido: the due date is before today). */
export const vencidoSql = sql`d.dias > 0`;

/** The day range of a delay level over `d.dias` (nivelAtraso's thresholds). */
export function nivelSql(nivel: NivelAtraso): SQL {
  const { medio, alto, critico } = LIMIARES_NIVEL;
  switch (nivel) {
    case 'baixo':
      return sql`d.dias < ${medio}`;
    case 'medio':
      return sql`d.dias >= ${medio} and d.dias < ${alto}`;
    case 'alto':
      return sql`d.dias >= ${alto} and d.dias < ${critico}`;
    case 'critico':
      return sql`d.dias >= ${critico}`;
  }
}

/** The day range of an ageing bucket over `d.dias` (faixaDeAtraso's bounds). */
export function faixaAtrasoSql(faixa: FaixaAtraso): SQL {
  switch (faixa) {
    case 'a_vencer':
      return sql`d.dias <= 0`;
    case '1_7':
      return sql`d.dias between 1 and 7`;
    case '8_15':
      return sql`d.dias between 8 and 15`;
    case '16_30':
      return sql`d.dias between 16 and 30`;
    case 'mais_30':
      return sql`d.dias > 30`;
  }
}

/**
 * resumoDividas in one aggregate over the customers matching `where` (\`c\`), plus any `extra`
 * columns the caller needs over the same rows (\`d\`, one per customer, each due date computed
 * once): Devedores' cards when a search or a filter also counts who matches. Read it with
 * `lerResumoDividas`.
 */
export function resumoDividasSql(ctx: Contexto, where: SQL, extra: SQL[]): SQL {
  return agregadoDasDividas(sql`1`, sql`-d.saldo_atual`, devedoresSql(ctx, where, { calcular: true }), extra);
}

/**
 * resumoDividas of every active debtor (`todos`: of every customer who owes, deactivated ones too),
 * from their groups by what the due date depends on — the agreed date and the shop's day the debt
 * started, 'infinity' for none — kept in devedores_por_dia by the ledger (migration 0030): the rule and the figures are
 * computed once per group (a few hundred at most), whatever the number of debtors. `extra` columns
 * read \`d\` (d.n customers owing d.v together, d.ativo, d.dias).
 */
export function resumoDosDevedoresSql(ctx: Contexto, { todos = false }: { todos?: boolean } = {}, extra: SQL[] = []): SQL {
  const origem = sql`(
    select g.quantidade as n, g.valor as v, g.ativo,
           ${diasSql(ctx.hoje, vencimentoDeSql(ctx.regra, ctx.hoje, sql`nullif(g.combinado, 'infinity')`, sql`nullif(g.dia, 'infinity')`))} as dias
    from ${devedoresPorDia} g
    where g.owner_id = ${ctx.ownerId} ${todos ? sql`` : sql`and g.ativo`}
  ) d`;
  return agregadoDasDividas(sql`d.n`, sql`d.v`, origem, extra);
}

/** The aggregate of resumoDividas over `origem` (\`d\`), whose rows each stand for `quantos` customers owing `pendente`. */
function agregadoDasDividas(quantos: SQL, pendente: SQL, origem: SQL, extra: SQL[]): SQL {
  const faixas = FAIXAS_ATRASO.map(
    (faixa, i) => sql`coalesce(sum(${quantos}) filter (where ${faixaAtrasoSql(faixa)}), 0)::int as ${sql.raw(`faixa_${i}_clientes`)},
      coalesce(sum(${pendente}) filter (where ${faixaAtrasoSql(faixa)}), 0)::bigint as ${sql.raw(`faixa_${i}_valor`)}`,
  );
  return sql`
    select coalesce(sum(${quantos}), 0)::int as devedores,
           coalesce(sum(${pendente}), 0)::bigint as valor,
           coalesce(sum(${quantos}) filter (where ${vencidoSql}), 0)::int as vencidos,
           coalesce(sum(${pendente}) filter (where ${vencidoSql}), 0)::bigint as valor_vencido,
           coalesce(sum(${quantos}) filter (where d.dias >= ${LIMIARES_NIVEL.critico}), 0)::int as criticos,
           coalesce(sum(d.dias * ${quantos}), 0)::bigint as soma_dias,
           ${sql.join([...faixas, ...extra], sql`, `)}
    from ${origem}
  `;
}

/** The row of resumoDividasSql as the shared ResumoDividas (the rate and the average by the shared rules). */
export function lerResumoDividas(row: Record<string, unknown> | undefined): ResumoDividas {
  const n = (key: string) => Number(row?.[key] ?? 0);
  const devedores = n('devedores');
  const valor = n('valor');
  const valorVencido = n('valor_vencido');
  return {
    devedores,
    valor,
    vencidos: n('vencidos'),
    valorVencido,
    aVencer: valor - valorVencido,
    criticos: n('criticos'),
    mediaAtraso: devedores ? Math.round(n('soma_dias') / devedores) : 0,
    inadimplencia: percentual(valorVencido, valor),
    porFaixa: FAIXAS_ATRASO.map((faixa, i) => ({ faixa, clientes: n(`faixa_${i}_clientes`), valor: n(`faixa_${i}_valor`) })),
  };
}
