import { sql, type SQL } from 'drizzle-orm';
import type { FormaPagamento, IsoDate, MetodoPagamento, StatusPagamento, VendasResumo } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { pagamentosPorDiaDaLoja, pagamentosPorHora, vendasPorDiaDaLoja, vendasPorHora, vendasPorHoraDoMes, vendasTotais } from '../../db/schema';
import { mesesInteiros } from '@caderneta/shared/relatorios';
import { endOfDay, period, startOfDay, today, withinPeriod, type Zone } from '../../lib/shop-day';
import { queryRows } from '../../lib/sql';

/**
 * Reads of the sales and payments rollups (docs/decisions/011-sales-rollups.md). The triggers of
 * migration 0004 keep them; nothing here writes. Every read touches a number of rows bounded by the
 * period (hours × payment forms × statuses), never by the seller's history.
 */

export interface FiltroRollup {
  status?: StatusPagamento;
  forma?: FormaPagamento;
  /** Local calendar dates, both inclusive. */
  de?: IsoDate;
  ate?: IsoDate;
}

/** The list's count and cards for filters the rollups can answer (no text search, no customer). */
export async function resumoDasVendas(
  tx: Executor,
  ownerId: string,
  filtro: FiltroRollup,
  timeZone: Zone,
  agora: Date,
): Promise<{ total: number; resumo: VendasResumo }> {
  const keys = (t: typeof vendasTotais | typeof vendasPorHora): SQL[] => {
    const c: SQL[] = [sql`${t.ownerId} = ${ownerId}`];
    if (filtro.status) c.push(sql`${t.statusPagamento} = ${filtro.status}`);
    if (filtro.forma) c.push(sql`${t.formaPagamento} = ${filtro.forma}`);
    return c;
  };
  const range = period(filtro.de, filtro.ate, timeZone);
  const hoje = today(timeZone, agora);
  // Today's hours within the chosen period.
  const hojeConds = [
    ...keys(vendasPorHora),
    sql`${vendasPorHora.hora} >= greatest(${hoje.inicio}, ${range.inicio ?? hoje.inicio})`,
    sql`${vendasPorHora.hora} < least(${hoje.fim}, ${range.fim ?? hoje.fim})`,
  ];
  const todas = range.inicio || range.fim
    ? sql`select * from ${vendasPorHora} where ${sql.join([...keys(vendasPorHora), ...withinPeriod(sql`${vendasPorHora.hora}`, range)], sql` and `)}`
    : sql`select * from ${vendasTotais} where ${sql.join(keys(vendasTotais), sql` and `)}`;
  const [row] = await queryRows<Record<string, number>>(
    tx,
    sql`
      select
        coalesce(sum(quantidade), 0)::bigint as total,
        coalesce(sum(quantidade) filter (where status_pagamento <> 'cancelado'), 0)::bigint as total_vendas,
        coalesce(sum(valor_total) filter (where status_pagamento <> 'cancelado'), 0)::bigint as valor_total,
        coalesce(sum(valor_total - valor_pago) filter (where status_pagamento = 'pendente'), 0)::bigint as pendentes,
        coalesce(sum(quantidade) filter (where status_pagamento = 'cancelado'), 0)::bigint as canceladas,
        (select coalesce(sum(quantidade), 0)::bigint from ${vendasPorHora}
          where ${sql.join(hojeConds, sql` and `)} and status_pagamento <> 'cancelado') as vendas_hoje
      from (${todas}) r
    `,
  );
  return {
    total: Number(row?.total ?? 0),
    resumo: {
      totalVendas: Number(row?.total_vendas ?? 0),
      valorTotal: Number(row?.valor_total ?? 0),
      vendasHoje: Number(row?.vendas_hoje ?? 0),
      pendentes: Number(row?.pendentes ?? 0),
      canceladas: Number(row?.canceladas ?? 0),
    },
  };
}

/** What is still open on the seller's pending sales (dashboard "Valor Total — Em vendas pendentes"). */
export const valorPendenteSql = (ownerId: string): SQL =>
  sql`(select coalesce(sum(valor_total - valor_pago), 0) from ${vendasTotais} where owner_id = ${ownerId} and status_pagamento = 'pendente')`;

/** Today's sales (not cancelled) in the shop's time zone, from the hourly rollup. */
export const vendasHojeSql = (ownerId: string, timeZone: string | SQL, agora: Date): SQL => {
  const hoje = today(timeZone, agora);
  return sql`(select coalesce(sum(quantidade), 0)::int as n, coalesce(sum(valor_total), 0)::bigint as valor
    from ${vendasPorHora}
    where owner_id = ${ownerId} and hora >= ${hoje.inicio} and hora < ${hoje.fim} and status_pagamento <> 'cancelado')`;
};

export interface Medidas {
  quantidade: number;
  valorTotal: number;
  /** Cost of goods at the time of sale: profit = valorTotal − custoTotal. */
  custoTotal: number;
}

export interface ResumoPeriodo {
  periodo: { de: IsoDate; ate: IsoDate; timeZone: string };
  /** Sales not cancelled. */
  vendas: Medidas & { porForma: Record<FormaPagamento, Medidas>; /** What discounts took off these sales. */ descontoTotal: number };
  /** Cancelled sales of the period (left out of every other figure). */
  canceladas: { quantidade: number; valorTotal: number };
  /** One entry per local day of the period that had sales, oldest first. */
  porDia: Array<Medidas & { data: IsoDate }>;
  /** 0 = Sunday … 6 = Saturday, local; only weekdays that had sales. */
  porDiaSemana: Array<Medidas & { diaSemana: number }>;
  /** 0–23, local; only hours that had sales. */
  porHora: Array<Medidas & { hora: number }>;
  /** Payments received (ledger payments) by method. */
  pagamentos: { quantidade: number; valor: number; porMetodo: Array<{ metodo: MetodoPagamento; quantidade: number; valor: number }> };
}

const medidas = (r: { quantidade?: unknown; valor_total?: unknown; custo_total?: unknown } | undefined): Medidas => ({
  quantidade: Number(r?.quantidade ?? 0),
  valorTotal: Number(r?.valor_total ?? 0),
  custoTotal: Number(r?.custo_total ?? 0),
});

type JsonRows = Array<Record<string, unknown>>;
const parseJson = (value: unknown): JsonRows => (typeof value === 'string' ? (JSON.parse(value) as JsonRows) : ((value as JsonRows | null) ?? []));

/**
 * Whether `timeZone` is the shop's (what its shop-day rollups are kept in, migration 0025): one
 * lookup, evaluated once per statement. The shop-day rows answer only then; else the hourly ones.
 */
const naZonaDaLoja = (ownerId: string, timeZone: string): SQL => sql`(select fuso_da_loja(${ownerId}) = ${timeZone})`;

/**
 * Payments (ledger payments) by method over the local dates [de, ate]: the shop-day rollup when
 * `timeZone` is the shop's, else the hourly one. Rows of `metodo, quantidade, valor`.
 */
export function pagamentosDoPeriodoSql(ownerId: string, de: IsoDate, ate: IsoDate, timeZone: string): SQL {
  const mesmo = naZonaDaLoja(ownerId, timeZone);
  return sql`
    select metodo, sum(quantidade)::bigint as quantidade, sum(valor)::bigint as valor from (
      select metodo, quantidade, valor from ${pagamentosPorDiaDaLoja}
       where owner_id = ${ownerId} and dia >= ${de}::date and dia <= ${ate}::date and quantidade <> 0 and ${mesmo}
      union all
      select metodo, quantidade, valor from ${pagamentosPorHora}
       where owner_id = ${ownerId} and hora >= ${startOfDay(de, timeZone)} and hora < ${endOfDay(ate, timeZone)} and quantidade <> 0 and not ${mesmo}
    ) p group by metodo`;
}

/**
 * Everything the reports need about sales and payments in a period of local dates [de, ate], in
 * one round trip: totals by payment form with cost of goods, cancelled sales apart, and sales per
 * local day, weekday and hour; payments by method.
 *
 * In the shop's own time zone (the reports' case) it reads the shop-day rollups (migration 0025,
 * docs/decisions/030): one row per day, form and status, and for the hours one row per hour of each
 * whole month inside the period plus the hourly rows of the days around those months — about 1,500
 * rows for 365 days at any number of sales, instead of 26,000 hourly ones. In another zone it reads
 * the hourly rollups: for the whole-hour time zones the app offers a local day or hour is a set of
 * whole UTC hours, so both answer exactly. `detalhes: false` leaves out the days, weekdays and
 * hours (a previous period is compared by its totals).
 */
export async function resumoDoPeriodo(
  tx: Executor,
  ownerId: string,
  de: IsoDate,
  ate: IsoDate,
  timeZone: string,
  { detalhes = true }: { detalhes?: boolean } = {},
): Promise<ResumoPeriodo> {
  const inicio = startOfDay(de, timeZone);
  const fim = endOfDay(ate, timeZone);
  const { m1, m2 } = mesesInteiros(de, ate);
  const mesmo = naZonaDaLoja(ownerId, timeZone);
  const porDataEHora = detalhes
    ? sql`,
        (select coalesce(json_agg(x order by x.data), '[]') from (
          select to_char(dia, 'YYYY-MM-DD') as data, sum(quantidade)::bigint as quantidade,
                 sum(valor_total)::bigint as valor_total, sum(custo_total)::bigint as custo_total
          from ativas group by 1) x) as por_dia,
        (select coalesce(json_agg(x order by x.dia_semana), '[]') from (
          select extract(dow from dia)::int as dia_semana, sum(quantidade)::bigint as quantidade,
                 sum(valor_total)::bigint as valor_total, sum(custo_total)::bigint as custo_total
          from ativas group by 1) x) as por_dia_semana,
        (select coalesce(json_agg(x order by x.hora), '[]') from (
          select hora, sum(quantidade)::bigint as quantidade, sum(valor_total)::bigint as valor_total, sum(custo_total)::bigint as custo_total
          from (
            select hora::int, quantidade, valor_total, custo_total from ${vendasPorHoraDoMes}
             where owner_id = ${ownerId} and mes >= ${m1}::date and mes < ${m2}::date and ${mesmo}
            union all
            select extract(hour from hora at time zone ${timeZone})::int, quantidade, valor_total, custo_total from ${vendasPorHora}
             where owner_id = ${ownerId} and hora >= ${inicio} and hora < ${fim} and quantidade <> 0 and status_pagamento <> 'cancelado'
               and (not ${mesmo} or hora < ${startOfDay(m1, timeZone)} or hora >= ${startOfDay(m2, timeZone)})
          ) h where quantidade <> 0 group by 1) x) as por_hora`
    : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with d as materialized (
        select dia, forma_pagamento, status_pagamento, quantidade, valor_total, custo_total, desconto_total from ${vendasPorDiaDaLoja}
         where owner_id = ${ownerId} and dia >= ${de}::date and dia <= ${ate}::date and quantidade <> 0 and ${mesmo}
        union all
        select (hora at time zone ${timeZone})::date, forma_pagamento, status_pagamento, quantidade, valor_total, custo_total, desconto_total
          from ${vendasPorHora}
         where owner_id = ${ownerId} and hora >= ${inicio} and hora < ${fim} and quantidade <> 0 and not ${mesmo}
      ), ativas as (select * from d where status_pagamento <> 'cancelado')
      select
        (select coalesce(json_agg(x), '[]') from (
          select forma_pagamento as forma, status_pagamento = 'cancelado' as cancelada,
                 sum(quantidade)::bigint as quantidade, sum(valor_total)::bigint as valor_total, sum(custo_total)::bigint as custo_total,
                 sum(desconto_total)::bigint as desconto_total
          from d group by 1, 2) x) as por_forma,
        (select coalesce(json_agg(x order by x.metodo), '[]') from (${pagamentosDoPeriodoSql(ownerId, de, ate, timeZone)}) x) as pagamentos
        ${porDataEHora}
    `,
  );
  const porForma = parseJson(row?.por_forma);
  const ativasPor = (forma: FormaPagamento) => medidas(porForma.find((r) => r.forma === forma && r.cancelada === false));
  const vista = ativasPor('vista');
  const fiado = ativasPor('fiado');
  const canceladas = porForma.filter((r) => r.cancelada === true);
  const pagamentos = parseJson(row?.pagamentos).map((r) => ({
    metodo: r.metodo as MetodoPagamento,
    quantidade: Number(r.quantidade),
    valor: Number(r.valor),
  }));
  return {
    periodo: { de, ate, timeZone },
    vendas: {
      quantidade: vista.quantidade + fiado.quantidade,
      valorTotal: vista.valorTotal + fiado.valorTotal,
      custoTotal: vista.custoTotal + fiado.custoTotal,
      porForma: { vista, fiado },
      descontoTotal: porForma.filter((r) => r.cancelada === false).reduce((s, r) => s + Number(r.desconto_total ?? 0), 0),
    },
    canceladas: {
      quantidade: canceladas.reduce((s, r) => s + Number(r.quantidade), 0),
      valorTotal: canceladas.reduce((s, r) => s + Number(r.valor_total), 0),
    },
    porDia: parseJson(row?.por_dia).map((r) => ({ data: String(r.data), ...medidas(r) })),
    porDiaSemana: parseJson(row?.por_dia_semana).map((r) => ({ diaSemana: Number(r.dia_semana), ...medidas(r) })),
    porHora: parseJson(row?.por_hora).map((r) => ({ hora: Number(r.hora), ...medidas(r) })),
    pagamentos: {
      quantidade: pagamentos.reduce((s, p) => s + p.quantidade, 0),
      valor: pagamentos.reduce((s, p) => s + p.valor, 0),
      porMetodo: pagamentos,
    },
  };
}

/** The period and the one of equal length just before it, for "compared with the previous period". */
export async function resumoComparado(tx: Executor, ownerId: string, de: IsoDate, ate: IsoDate, timeZone: string) {
  const anterior = periodoAnterior(de, ate);
  const [atual, antes] = [await resumoDoPeriodo(tx, ownerId, de, ate, timeZone), await resumoDoPeriodo(tx, ownerId, anterior.de, anterior.ate, timeZone)];
  return { atual, anterior: antes };
}

/** [de, ate] shifted back by its own length: the previous period of equal length. */
export function periodoAnterior(de: IsoDate, ate: IsoDate): { de: IsoDate; ate: IsoDate } {
  const day = 86_400_000;
  const start = Date.parse(`${de}T00:00:00Z`);
  const end = Date.parse(`${ate}T00:00:00Z`);
  const length = Math.round((end - start) / day) + 1;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { de: iso(start - length * day), ate: iso(start - day) };
}
