import { sql, type SQL } from 'drizzle-orm';
import { LIMIARES_NIVEL, type NivelAtraso, type RegraVencimento } from '@caderneta/shared';
import { clientes } from '../../db/schema';

/*
 * The shared rules of packages/shared/src/devedores.ts, written in SQL so a whole list is computed
 * in the database from the customer rows alone (clientes.pendente_desde is kept by the ledger).
 * devedores.test.ts checks these expressions give the same dates as the shared functions.
 */

/** The shop's calendar day of the oldest pending fiado sale. */
const diaDaVenda = (fuso: string) => sql`(c.pendente_desde at time zone ${fuso})::date`;
/** First day of the month after that day (plain timestamps: no time zone in the arithmetic). */
const inicioMesSeguinte = (dia: SQL) => sql`(date_trunc('month', (${dia})::timestamp) + interval '1 month')::date`;
const fimMesSeguinte = (dia: SQL) => sql`(date_trunc('month', (${dia})::timestamp) + interval '2 month' - interval '1 day')::date`;

/** vencimentoPelaRegra: the due date of sales made on the shop's calendar day `dia` (a date expression). */
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

/** vencimentoPelaRegra, for the row's oldest pending sale. */
export const vencimentoPelaRegraSql = (regra: RegraVencimento, fuso: string): SQL => vencimentoDoDiaSql(regra, diaDaVenda(fuso));

/** vencimentoDevedor: the customer's own date, else the rule, else today. */
export function vencimentoSql(regra: RegraVencimento, fuso: string, hoje: string): SQL {
  return sql`coalesce(c.data_vencimento, case when c.pendente_desde is null then ${hoje}::date else ${vencimentoPelaRegraSql(regra, fuso)} end)`;
}

export interface Contexto {
  ownerId: string;
  regra: RegraVencimento;
  fuso: string;
  hoje: string;
}

/**
 * One row per customer matching `where` (over `clientes c`) with its due date (`vencimento`), days
 * overdue (`dias`) and whether a promise to pay was broken. A subquery to select from (`d`).
 *
 * `calcular`: the due date is computed once per row (an optimisation fence, `offset 0`), for
 * queries that read it several times (the cards). Without it the planner inlines the subquery, so a
 * query that never reads the due date (a page sorted by amount) does not compute it at all.
 */
export function devedoresSql(ctx: Contexto, where: SQL, { calcular = false }: { calcular?: boolean } = {}): SQL {
  return sql`(
    select x.*, greatest(0, ${ctx.hoje}::date - x.vencimento) as dias,
           coalesce(x.promessa_pagamento < ${ctx.hoje}::date and x.saldo_atual < 0, false) as promessa_quebrada
    from (
      select c.id, c.nome, c.nome_busca, c.telefone, c.login, c.saldo_atual, c.pendente_desde, c.data_vencimento,
             c.promessa_pagamento, ${vencimentoSql(ctx.regra, ctx.fuso, ctx.hoje)} as vencimento
      from ${clientes} c
      where c.owner_id = ${ctx.ownerId} and ${where}
      ${calcular ? sql`offset 0` : sql``}
    ) x
  ) d`;
}

/** Debtors are the active customers who owe (spec §7: active, saldo_atual < 0); read by clientes_owner_saldo_idx. */
export const ehDevedor = sql`c.ativo and c.saldo_atual < 0`;

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
