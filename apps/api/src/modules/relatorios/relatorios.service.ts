import { sql, type SQL } from 'drizzle-orm';
import { FORMAS_PAGAMENTO, today as todayIn, UNIDADE_PADRAO, UNIDADES, UNIDADES_DE_PECA, type MetodoPagamento, type RegraVencimento, type ResumoDividas, type Unidade } from '@caderneta/shared';
import { diasDoPeriodo, margem, mesDisponivel, resolverPeriodo, ticketMedio, type Intervalo, type PeriodoDias } from '@caderneta/shared/relatorios';
import type { PeriodoRelatorio, RelatorioClientes, RelatorioFinanceiro, RelatorioProdutos, RelatorioQuery, RelatorioResumo, RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import type { Executor } from '../../db/client';
import { clientes, clientesPorDia, clientesPorMes, itensVenda, lancamentos, pessoas, produtos, produtosPorDia, produtosPorMes, vendas, vendasPorAtendente, vendasTotais } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { endOfDay, shopTimeZone, startOfDay } from '../../lib/shop-day';
import { escalaDaUnidadeSql, queryRows } from '../../lib/sql';
import { lerRegraVencimento } from '../devedores/cobranca-config.service';
import { lerResumoDividas, resumoDosDevedoresSql, vencidoSql } from '../devedores/devedores.sql';
import { pagamentosDoPeriodoSql, resumoDoPeriodo, totalDasVendasSql, type ResumoPeriodo } from '../vendas/rollups.service';

/**
 * The reports (/relatorios), tab by tab. Every figure is computed in SQL over the rollups, in the
 * shop's time zone, and no query walks the seller's history (docs/decisions/015-report-rollups.md):
 *  - sales, cost, payments, days and weekdays: the rollups by the shop's calendar day, and the hours
 *    by its calendar month and hour plus the hourly rows of the days around whole months
 *    (resumoDoPeriodo, docs/decisions/030-reports-by-the-shop-day.md); a previous period only by
 *    its totals;
 *  - products and customers of a period: their UTC-month rollups for the whole UTC months inside
 *    the period, their UTC-day rollups for the other whole UTC days, plus the sales themselves for
 *    the partial UTC days at its two ends (under one day of sales), which makes any time zone's
 *    local days exact; a partial month or day at an end is read as its whole row less what lies
 *    outside the period when that is less to read (`limites`);
 *  - what is owed and overdue today: the counters and the rows of the customers who owe.
 *
 * Overdue, for the reports as everywhere (docs/decisions/027-one-meaning-of-overdue.md): a customer's
 * debt falls due on the date agreed with them, else by the shop's rule from the oldest debt still
 * open (a fiado sale or an opening balance), and all of it is overdue from the day after
 * (`resumoDividasSql`, the SQL of `resumoDividas` in @caderneta/shared). The reports count every
 * customer who owes, deactivated ones too, and say the deactivated part.
 */

type Periodo = PeriodoRelatorio;

/** The period of a report query in the shop's calendar, or a 400 for a month outside the last 24. */
export async function periodoDoRelatorio(tx: Executor, ownerId: string, query: RelatorioQuery, now: Date): Promise<Periodo> {
  const timeZone = await shopTimeZone(tx, ownerId);
  const hoje = todayIn(timeZone, now);
  if (query.mes && !mesDisponivel(query.mes, hoje)) {
    throw new AppError('VALIDATION', 400, { message: 'Escolha um dos últimos 24 meses', issues: [{ path: 'mes', message: 'mesForaDoIntervalo' }] });
  }
  const periodo = resolverPeriodo({ periodo: query.periodo ? (Number(query.periodo) as PeriodoDias) : undefined, mes: query.mes }, hoje);
  return { ...periodo, hoje, timeZone };
}

const n = (value: unknown) => Number(value ?? 0);
const cmp = (atual: number, anterior: number) => ({ atual, anterior });
type JsonRows = Array<Record<string, unknown>>;
const json = (value: unknown): JsonRows => (typeof value === 'string' ? (JSON.parse(value) as JsonRows) : ((value as JsonRows | null) ?? []));

/**
 * A period's instants and how its per-product and per-customer sums are read (`l`, one row):
 *  - [s, e) is the period; [d1, d2) its whole UTC days, so [s, d1) and [d2, e) are the partial
 *    UTC days at its ends; [m1, m2) (dates, empty when m1 ≥ m2) the whole UTC months inside those.
 *  - A partial month at either end is read by its days, or, when fewer days lie outside the period
 *    than inside, as its month row less the days outside (ci, cf): a 365-day period ending today
 *    reads its last month as one row, not 27. Likewise a partial UTC day at either end is read by
 *    its sales, or as its day row less the sales outside the period (cs, ce): in Brazil the first
 *    day's 3 hours before the local midnight, not its 21 after. Only when the period holds a whole
 *    month boundary (m1 ≤ m2) for the months, and a whole day boundary for the days.
 * The ranges below are those choices made: [a, b) with a = b when a range is not read, and a null
 * date for a single day not read.
 */
function limites(p: Intervalo, timeZone: string): SQL {
  return sql`(select s, e, m1, m2,
      -- Months read whole: [m1, m2), plus the partial first (mi) or last (mf) month, less its days outside.
      case when ci then m0 end as mi, case when cf then m2 end as mf,
      -- Day rows added: the partial months' days inside the period, the partial UTC days read whole.
      dia1 as p1a, case when ci then dia1 else least(m1, dia2) end as p1b,
      greatest(m2, dia1) as p2a, case when cf then greatest(m2, dia1) else dia2 end as p2b,
      case when cs then dia1 - 1 end as pds, case when ce then dia2 end as pde,
      -- Day rows taken off: the partial months' days outside the period.
      m0 as n1a, case when ci then dia1 else m0 end as n1b,
      dia2 as n2a, case when cf then (m2 + interval '1 month')::date else dia2 end as n2b,
      -- Sales added (the partial UTC days read by their sales) and taken off (outside the period).
      case when cs then s else least(d1, e) end as v1b, case when ce then e else greatest(d2, s) end as v2a,
      case when cs then d1 - interval '24 hours' else s end as n3a, case when ce then d2 + interval '24 hours' else e end as n4b
    from (select *,
        m1 <= m2 and dia1 > m0 and dia1 - m0 < m1 - dia1 as ci,
        m1 <= m2 and (m2 + interval '1 month')::date - dia2 < dia2 - m2 as cf,
        s < d1 and d1 <= e and s - (d1 - interval '24 hours') < d1 - s as cs,
        d2 < e and s <= d2 and d2 + interval '24 hours' - e < e - d2 as ce
      from (select s, e, d1, d2, dia1, dia2, date_trunc('month', dia1)::date as m0,
          case when date_trunc('month', dia1) = dia1 then dia1 else (date_trunc('month', dia1) + interval '1 month')::date end as m1,
          date_trunc('month', dia2)::date as m2
        from (select s, e, d1, d2, (d1 at time zone 'UTC')::date as dia1, (d2 at time zone 'UTC')::date as dia2
          from (select s, e,
              case when date_trunc('day', s, 'UTC') = s then s else date_trunc('day', s, 'UTC') + interval '24 hours' end as d1,
              date_trunc('day', e, 'UTC') as d2
            from (select ${startOfDay(p.de, timeZone)} as s, ${endOfDay(p.ate, timeZone)} as e) b) c) d) f) g)`;
}

const de = (coluna: string) => sql.raw(`(select ${coluna} from l)`);
const entre = (coluna: SQL, a: string, b: string) => sql`(${coluna} >= ${de(a)} and ${coluna} < ${de(b)})`;
/** Monthly rows read (`l` is the limites row). */
const mesesSomados = (mes: SQL) => sql`(${entre(mes, 'm1', 'm2')} or ${mes} = ${de('mi')} or ${mes} = ${de('mf')})`;
/** Daily rows added: the two ranges are both [d1, d2) without a whole month (m1 ≥ m2), and a row is read once. */
const diasSomados = (dia: SQL) => sql`(${entre(dia, 'p1a', 'p1b')} or ${entre(dia, 'p2a', 'p2b')} or ${dia} = ${de('pds')} or ${dia} = ${de('pde')})`;
const diasSubtraidos = (dia: SQL) => sql`(${entre(dia, 'n1a', 'n1b')} or ${entre(dia, 'n2a', 'n2b')})`;
const vendasSomadas = (at: SQL) => sql`(${entre(at, 's', 'v1b')} or ${entre(at, 'v2a', 'e')})`;
const vendasSubtraidas = (at: SQL) => sql`(${entre(at, 'n3a', 's')} or ${entre(at, 'e', 'n4b')})`;

/** Per-product units, revenue and cost of goods of the sales (not cancelled) in a period. */
function produtosDoPeriodo(ownerId: string): SQL {
  const itens = (sinal: '' | '-', onde: (at: SQL) => SQL) => sql`
      select i.produto_id, ${sql.raw(sinal)}i.quantidade, ${sql.raw(sinal)}i.subtotal, ${sql.raw(sinal)}i.custo
        from ${vendas} v
        cross join lateral (
          select produto_id, quantidade, subtotal, custo from ${itensVenda}
           where owner_id = v.owner_id and venda_id = v.id and produto_id is not null offset 0
        ) i
       where v.owner_id = ${ownerId} and v.status_pagamento <> 'cancelado' and ${onde(sql`v.data_venda`)}`;
  return sql`
    select produto_id, sum(quantidade)::bigint as quantidade, sum(valor)::bigint as valor, sum(custo)::bigint as custo from (
      select produto_id, quantidade, valor_total as valor, custo_total as custo from ${produtosPorMes}
       where owner_id = ${ownerId} and ${mesesSomados(sql`mes`)}
      union all
      select produto_id, quantidade, valor_total, custo_total from ${produtosPorDia}
       where owner_id = ${ownerId} and ${diasSomados(sql`dia`)}
      union all
      select produto_id, -quantidade, -valor_total, -custo_total from ${produtosPorDia}
       where owner_id = ${ownerId} and ${diasSubtraidos(sql`dia`)}
      union all
      -- Each sale's items by the sale's index entry (offset 0 keeps the join a loop over the few
      -- sales: estimated from the period's bounds, the planner may otherwise hash all of the
      -- shop's items).
      ${itens('', vendasSomadas)}
      union all
      ${itens('-', vendasSubtraidas)}
    ) x group by produto_id`;
}

/** Per-customer sales (count, value; not cancelled) in a period. */
function clientesDoPeriodo(ownerId: string): SQL {
  const compras = (sinal: '' | '-', onde: (at: SQL) => SQL) => sql`
      select cliente_id, ${sql.raw(sinal)}1, ${sql.raw(sinal)}valor_total from ${vendas} v
       where v.owner_id = ${ownerId} and v.cliente_id is not null and v.status_pagamento <> 'cancelado' and ${onde(sql`v.data_venda`)}`;
  return sql`
    select cliente_id, sum(quantidade)::bigint as quantidade, sum(valor)::bigint as valor from (
      select cliente_id, quantidade, valor_total as valor from ${clientesPorMes}
       where owner_id = ${ownerId} and ${mesesSomados(sql`mes`)}
      union all
      select cliente_id, quantidade, valor_total from ${clientesPorDia}
       where owner_id = ${ownerId} and ${diasSomados(sql`dia`)}
      union all
      select cliente_id, -quantidade, -valor_total from ${clientesPorDia}
       where owner_id = ${ownerId} and ${diasSubtraidos(sql`dia`)}
      union all
      ${compras('', vendasSomadas)}
      union all
      ${compras('-', vendasSubtraidas)}
    ) x group by cliente_id`;
}

// ——— Resumo ———

/**
 * Who owes today and who is late, over every customer who owes (deactivated ones too), with the
 * deactivated customers' overdue part: one aggregate over their groups by due day, never their sales.
 */
async function dividasHoje(tx: Executor, ownerId: string, periodo: Periodo, regra: RegraVencimento): Promise<ResumoDividas & { vencidoDesativados: number }> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    resumoDosDevedoresSql({ ownerId, regra, fuso: periodo.timeZone, hoje: periodo.hoje }, { todos: true }, [
      sql`coalesce(sum(d.v) filter (where ${vencidoSql} and not d.ativo), 0)::bigint as vencido_desativados`,
    ]),
  );
  return { ...lerResumoDividas(row), vencidoDesativados: n(row?.vencido_desativados) };
}

type Pagamentos = ResumoPeriodo['pagamentos'];

/**
 * Online payments refunded or charged back in each period (the customer page's Mercado Pago
 * payments: ledger 'estorno' entries with method 'online', few, read through their own partial
 * index, lancamentos_estornos_online_idx, not among every cancelled sale's reversal). Money given
 * back was not received.
 */
async function estornosOnline(tx: Executor, ownerId: string, periodos: Intervalo[], timeZone: string): Promise<number[]> {
  const rows = await queryRows<{ i: number; valor: string | number | null }>(
    tx,
    sql.join(
      periodos.map(
        (p, i) => sql`select ${i}::int as i, coalesce(sum(-valor), 0)::bigint as valor from ${lancamentos}
           where owner_id = ${ownerId} and tipo = 'estorno' and metodo = 'online'
             and created_at >= ${startOfDay(p.de, timeZone)} and created_at < ${endOfDay(p.ate, timeZone)}`,
      ),
      sql` union all `,
    ),
  );
  return periodos.map((_, i) => n(rows.find((r) => n(r.i) === i)?.valor));
}

/** A period's payments with its online refunds taken off the online line and the total. */
function semEstornos(pagamentos: Pagamentos, estornos: number): Pagamentos {
  if (estornos === 0) return pagamentos;
  const online = pagamentos.porMetodo.find((m) => m.metodo === 'online');
  const porMetodo = online
    ? pagamentos.porMetodo.map((m) => (m === online ? { ...m, valor: m.valor - estornos } : m))
    : [...pagamentos.porMetodo, { metodo: 'online' as const, quantidade: 0, valor: -estornos }];
  return { ...pagamentos, valor: pagamentos.valor - estornos, porMetodo };
}

async function recebidoComparado(tx: Executor, ownerId: string, periodo: Periodo, atualBruto: Pagamentos, anteriorBruto: Pagamentos) {
  const [estornoAtual, estornoAnterior] = await estornosOnline(tx, ownerId, [periodo, periodo.anterior], periodo.timeZone);
  const atual = semEstornos(atualBruto, estornoAtual!);
  const anterior = semEstornos(anteriorBruto, estornoAnterior!);
  const metodos = [...new Set([...atual.porMetodo, ...anterior.porMetodo].map((m) => m.metodo))].sort();
  const de = (lista: Pagamentos['porMetodo'], metodo: MetodoPagamento) => lista.find((m) => m.metodo === metodo);
  return {
    valor: cmp(atual.valor, anterior.valor),
    quantidade: cmp(atual.quantidade, anterior.quantidade),
    porMetodo: metodos.map((metodo) => ({
      metodo,
      valor: cmp(de(atual.porMetodo, metodo)?.valor ?? 0, de(anterior.porMetodo, metodo)?.valor ?? 0),
      quantidade: cmp(de(atual.porMetodo, metodo)?.quantidade ?? 0, de(anterior.porMetodo, metodo)?.quantidade ?? 0),
    })),
  };
}

export async function relatorioResumo(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioResumo> {
  const { timeZone } = periodo;
  const atual = await resumoDoPeriodo(tx, ownerId, periodo.de, periodo.ate, timeZone);
  const anterior = await resumoDoPeriodo(tx, ownerId, periodo.anterior.de, periodo.anterior.ate, timeZone, { detalhes: false });
  const regraVencimento = await lerRegraVencimento(tx, ownerId);
  const dividas = await dividasHoje(tx, ownerId, periodo, regraVencimento);
  const [a, b] = [atual.vendas, anterior.vendas];
  const lucro = cmp(a.valorTotal - a.custoTotal, b.valorTotal - b.custoTotal);
  return {
    periodo,
    vendas: {
      quantidade: cmp(a.quantidade, b.quantidade),
      valor: cmp(a.valorTotal, b.valorTotal),
      ticketMedio: cmp(ticketMedio(a.valorTotal, a.quantidade), ticketMedio(b.valorTotal, b.quantidade)),
    },
    vista: { quantidade: cmp(a.porForma.vista.quantidade, b.porForma.vista.quantidade), valor: cmp(a.porForma.vista.valorTotal, b.porForma.vista.valorTotal) },
    fiado: { quantidade: cmp(a.porForma.fiado.quantidade, b.porForma.fiado.quantidade), valor: cmp(a.porForma.fiado.valorTotal, b.porForma.fiado.valorTotal) },
    canceladas: { quantidade: atual.canceladas.quantidade, valor: atual.canceladas.valorTotal },
    lucro,
    custo: cmp(a.custoTotal, b.custoTotal),
    margem: { atual: margem(a.valorTotal, a.custoTotal), anterior: margem(b.valorTotal, b.custoTotal) },
    descontos: cmp(a.descontoTotal, b.descontoTotal),
    recebido: await recebidoComparado(tx, ownerId, periodo, atual.pagamentos, anterior.pagamentos),
    inadimplencia: { taxa: dividas.inadimplencia, vencido: dividas.valorVencido, aVencer: dividas.aVencer, clientesVencidos: dividas.vencidos },
    regraVencimento,
  };
}

// ——— Vendas ———

export async function relatorioVendas(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioVendas> {
  const atual = await resumoDoPeriodo(tx, ownerId, periodo.de, periodo.ate, periodo.timeZone);
  const anterior = await resumoDoPeriodo(tx, ownerId, periodo.anterior.de, periodo.anterior.ate, periodo.timeZone, { detalhes: false });
  const porData = new Map(atual.porDia.map((d) => [d.data, d]));
  const porAtendente = await vendasPorAtendenteNoPeriodo(tx, ownerId, periodo);
  return {
    periodo,
    total: { quantidade: cmp(atual.vendas.quantidade, anterior.vendas.quantidade), valor: cmp(atual.vendas.valorTotal, anterior.vendas.valorTotal) },
    canceladas: { quantidade: atual.canceladas.quantidade, valor: atual.canceladas.valorTotal },
    porDia: diasDoPeriodo(periodo).map((data) => ({ data, quantidade: porData.get(data)?.quantidade ?? 0, valor: porData.get(data)?.valorTotal ?? 0 })),
    porForma: FORMAS_PAGAMENTO.map((forma) => ({
      forma,
      quantidade: cmp(atual.vendas.porForma[forma].quantidade, anterior.vendas.porForma[forma].quantidade),
      valor: cmp(atual.vendas.porForma[forma].valorTotal, anterior.vendas.porForma[forma].valorTotal),
    })),
    porDiaSemana: Array.from({ length: 7 }, (_, diaSemana) => {
      const d = atual.porDiaSemana.find((x) => x.diaSemana === diaSemana);
      return { diaSemana, quantidade: d?.quantidade ?? 0, valor: d?.valorTotal ?? 0 };
    }),
    porHora: Array.from({ length: 24 }, (_, hora) => {
      const h = atual.porHora.find((x) => x.hora === hora);
      return { hora, quantidade: h?.quantidade ?? 0, valor: h?.valorTotal ?? 0 };
    }),
    porAtendente,
  };
}

/**
 * "Vendas por atendente": the period's hours of the per-person rollup (the shop's days from its
 * first hour to the end of its last), added up per person, with their name on the team.
 */
async function vendasPorAtendenteNoPeriodo(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioVendas['porAtendente']> {
  const rows = await queryRows<{ id: string; nome: string | null; quantidade: number; valor: string }>(
    tx,
    sql`select a.criado_por as id, p.nome, sum(a.quantidade)::int as quantidade, sum(a.valor_total)::bigint::text as valor
          from ${vendasPorAtendente} a
          left join ${pessoas} p on p.owner_id = a.owner_id and p.user_id = a.criado_por
         where a.owner_id = ${ownerId}
           and a.hora >= ${startOfDay(periodo.de, periodo.timeZone)} and a.hora < ${endOfDay(periodo.ate, periodo.timeZone)}
         group by a.criado_por, p.nome
        having sum(a.quantidade) > 0
         order by sum(a.valor_total) desc, p.nome, a.criado_por`,
  );
  return rows.map((r) => ({ id: r.id, nome: r.nome ?? '', quantidade: Number(r.quantidade), valor: Number(r.valor) }));
}

// ——— Clientes ———

/**
 * Today's debtors in one pass over the shop's customers: how many owe and how much, deactivated
 * customers included (their debt is still owed), and the deactivated ones' part of it.
 */
const devedoresHoje = (ownerId: string) => sql`
  select count(*)::int as quantidade, coalesce(sum(-saldo_atual), 0)::bigint as valor,
         (count(*) filter (where not ativo))::int as quantidade_desativados,
         coalesce(sum(-saldo_atual) filter (where not ativo), 0)::bigint as valor_desativados
    from ${clientes} where owner_id = ${ownerId} and saldo_atual < 0`;

export async function relatorioClientes(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioClientes> {
  const { timeZone } = periodo;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with l as materialized ${limites(periodo, timeZone)},
      compras as materialized (${clientesDoPeriodo(ownerId)}),
      dev as materialized (${devedoresHoje(ownerId)})
      select
        (select coalesce(json_agg(x order by x.saldo desc, x.nome), '[]') from (
           select id, nome, ativo, -saldo_atual as saldo from ${clientes}
            where owner_id = ${ownerId} and saldo_atual < 0 order by saldo_atual, nome limit 5) x) as maiores_saldos,
        (select coalesce(json_agg(x order by x.valor desc, x.quantidade desc, x.nome), '[]') from (
           -- The top five and whoever ties with the fifth, then ties by name (ids change with a restore).
           select c.id, c.nome, k.quantidade, k.valor
             from (select * from compras where quantidade > 0 order by valor desc, quantidade desc fetch first 5 rows with ties) k
             join ${clientes} c on c.owner_id = ${ownerId} and c.id = k.cliente_id
            order by k.valor desc, k.quantidade desc, c.nome, c.id limit 5) x) as maiores_compradores,
        (select count(*) from compras where quantidade > 0)::int as compradores,
        (select count(*) from ${clientes} where owner_id = ${ownerId} and created_at >= (select s from l) and created_at < (select e from l))::int as novos,
        dev.quantidade as devedores, dev.valor as valor_devedores,
        dev.quantidade_desativados as devedores_desativados, dev.valor_desativados
      from dev
    `,
  );
  const [antes] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with l as materialized ${limites(periodo.anterior, timeZone)}
      select (select count(*) from (${clientesDoPeriodo(ownerId)}) k where quantidade > 0)::int as compradores,
             (select count(*) from ${clientes} where owner_id = ${ownerId} and created_at >= (select s from l) and created_at < (select e from l))::int as novos
    `,
  );
  return {
    periodo,
    maioresSaldos: json(row?.maiores_saldos).map((c) => ({ id: String(c.id), nome: String(c.nome), ativo: Boolean(c.ativo), saldoPendente: n(c.saldo) })),
    maioresCompradores: json(row?.maiores_compradores).map((c) => ({ id: String(c.id), nome: String(c.nome), quantidade: n(c.quantidade), valor: n(c.valor) })),
    novos: cmp(n(row?.novos), n(antes?.novos)),
    compradores: cmp(n(row?.compradores), n(antes?.compradores)),
    devedores: {
      quantidade: n(row?.devedores),
      valor: n(row?.valor_devedores),
      desativados: { quantidade: n(row?.devedores_desativados), valor: n(row?.valor_desativados) },
    },
  };
}

// ——— Produtos ———

/** The product's unit as the database holds it (`pr` is produtos): pieces, and whole units' scale. */
const pecas = sql.raw(`coalesce(pr.unidade, 'un') in (${UNIDADES_DE_PECA.map((u) => `'${u}'`).join(', ')})`);
const escala = escalaDaUnidadeSql(sql.raw('pr.unidade'));
const unidadeDe = (valor: unknown): Unidade => (UNIDADES as readonly unknown[]).includes(valor) ? (valor as Unidade) : UNIDADE_PADRAO;

/** How many products the margin table lists by name; the rest are added up in one line. */
export const PRODUTOS_NA_MARGEM = 20;

export async function relatorioProdutos(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioProdutos> {
  const { timeZone } = periodo;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with l as materialized ${limites(periodo, timeZone)},
      p as materialized (select * from (${produtosDoPeriodo(ownerId)}) x where quantidade <> 0),
      -- Ties go by name: the same ranking after a restore gives every product a new id.
      -- A quantity ranks in its whole units (2 un above 0,350 kg); only pieces add up as "units".
      ranked as materialized (
        select p.*, pr.nome, coalesce(pr.unidade, 'un') as unidade, ${pecas} as peca,
               row_number() over (order by p.valor desc, p.quantidade desc, pr.nome, p.produto_id) as pos_valor,
               row_number() over (order by p.quantidade::numeric / ${escala} desc, p.valor desc, pr.nome, p.produto_id) as pos_quantidade
        from p left join ${produtos} pr on pr.owner_id = ${ownerId} and pr.id = p.produto_id),
      nomeados as (select * from ranked where pos_valor <= ${PRODUTOS_NA_MARGEM} or pos_quantidade <= 5)
      select
        (select coalesce(sum(quantidade) filter (where peca), 0) from ranked)::bigint as unidades,
        (select coalesce(sum(valor), 0) from p)::bigint as receita,
        (select coalesce(json_agg(x order by x.pos_quantidade), '[]') from (select produto_id as id, nome, unidade, quantidade, valor, pos_quantidade from nomeados where pos_quantidade <= 5) x) as por_quantidade,
        (select coalesce(json_agg(x order by x.pos_valor), '[]') from (select produto_id as id, nome, unidade, quantidade, valor, custo, pos_valor from nomeados where pos_valor <= ${PRODUTOS_NA_MARGEM}) x) as por_valor,
        (select json_build_object('produtos', count(*), 'quantidade', coalesce(sum(quantidade) filter (where peca), 0), 'valor', coalesce(sum(valor), 0), 'custo', coalesce(sum(custo), 0))
           from ranked where pos_valor > ${PRODUTOS_NA_MARGEM}) as outros,
        ${totalDasVendasSql(ownerId, periodo.de, periodo.ate, timeZone)} as vendas,
        (select count(*) from ${produtos} where owner_id = ${ownerId} and ativo and estoque_atual <= estoque_minimo)::int as estoque_baixo,
        (select count(*) from ${produtos} where owner_id = ${ownerId} and ativo and estoque_atual = 0)::int as estoque_zerado,
        (select coalesce(json_agg(x order by x.estoque_atual, x.nome), '[]') from (
           select id, nome, unidade, estoque_atual, estoque_minimo from ${produtos}
            where owner_id = ${ownerId} and ativo and estoque_atual <= estoque_minimo order by estoque_atual, nome limit 20) x) as estoque_itens
    `,
  );
  const [antes] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with l as materialized ${limites(periodo.anterior, timeZone)}
      select coalesce(sum(p.quantidade) filter (where ${pecas}), 0)::bigint as unidades, coalesce(sum(p.valor), 0)::bigint as receita,
             ${totalDasVendasSql(ownerId, periodo.anterior.de, periodo.anterior.ate, timeZone)} as vendas
        from (${produtosDoPeriodo(ownerId)}) p left join ${produtos} pr on pr.owner_id = ${ownerId} and pr.id = p.produto_id
    `,
  );
  // Loose lines belong to no product: what the sales of the period add up to beyond the products'
  // revenue (both exact for the shop's days) is what they sold, read in the same round trips.
  const vendasAtual = n(row?.vendas);
  const vendasAntes = n(antes?.vendas);
  const porValor = json(row?.por_valor);
  const outros = (row?.outros ?? null) as Record<string, unknown> | string | null;
  const resto = typeof outros === 'string' ? (JSON.parse(outros) as Record<string, unknown>) : outros;
  const vendido = (p: Record<string, unknown>) => ({ id: String(p.id), nome: String(p.nome), unidade: unidadeDe(p.unidade), quantidade: n(p.quantidade), valor: n(p.valor) });
  return {
    periodo,
    unidades: cmp(n(row?.unidades), n(antes?.unidades)),
    receita: cmp(n(row?.receita), n(antes?.receita)),
    avulsas: cmp(vendasAtual - n(row?.receita), vendasAntes - n(antes?.receita)),
    maisVendidosQuantidade: json(row?.por_quantidade).map(vendido),
    maisVendidosValor: porValor.slice(0, 5).map(vendido),
    margens: porValor.map((p) => ({ ...vendido(p), custo: n(p.custo), lucro: n(p.valor) - n(p.custo), margem: margem(n(p.valor), n(p.custo)) })),
    outros:
      resto && n(resto.produtos) > 0
        ? {
            produtos: n(resto.produtos),
            quantidade: n(resto.quantidade),
            valor: n(resto.valor),
            custo: n(resto.custo),
            lucro: n(resto.valor) - n(resto.custo),
            margem: margem(n(resto.valor), n(resto.custo)),
          }
        : null,
    estoque: {
      baixo: n(row?.estoque_baixo),
      zerados: n(row?.estoque_zerado),
      itens: json(row?.estoque_itens).map((p) => ({
        id: String(p.id),
        nome: String(p.nome),
        unidade: unidadeDe(p.unidade),
        estoqueAtual: n(p.estoque_atual),
        estoqueMinimo: n(p.estoque_minimo),
      })),
    },
  };
}

// ——— Financeiro ———

export async function relatorioFinanceiro(tx: Executor, ownerId: string, periodo: Periodo): Promise<RelatorioFinanceiro> {
  const { timeZone } = periodo;
  const pagamentos = (p: Intervalo) => pagamentosDoPeriodoSql(ownerId, p.de, p.ate, timeZone);
  const regraVencimento = await lerRegraVencimento(tx, ownerId);
  const dividas = await dividasHoje(tx, ownerId, periodo, regraVencimento);
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      with dev as materialized (${devedoresHoje(ownerId)})
      select
        (select coalesce(json_agg(x), '[]') from (${pagamentos(periodo)}) x) as atual,
        (select coalesce(json_agg(x), '[]') from (${pagamentos(periodo.anterior)}) x) as anterior,
        (select coalesce(sum(valor_total - valor_pago), 0)::bigint from ${vendasTotais}
          where owner_id = ${ownerId} and status_pagamento = 'pendente') as vendas_pendentes,
        dev.valor as saldo_clientes, dev.valor_desativados as saldo_desativados
      from dev
    `,
  );
  const porMetodo = (lista: JsonRows) => lista.map((m) => ({ metodo: m.metodo as MetodoPagamento, quantidade: n(m.quantidade), valor: n(m.valor) }));
  const soma = (lista: ReturnType<typeof porMetodo>) => ({ valor: lista.reduce((s, m) => s + m.valor, 0), quantidade: lista.reduce((s, m) => s + m.quantidade, 0) });
  const atual = porMetodo(json(row?.atual));
  const anterior = porMetodo(json(row?.anterior));
  return {
    periodo,
    recebido: await recebidoComparado(tx, ownerId, periodo, { ...soma(atual), porMetodo: atual }, { ...soma(anterior), porMetodo: anterior }),
    aReceber: {
      saldoClientes: n(row?.saldo_clientes),
      saldoDesativados: n(row?.saldo_desativados),
      vendasPendentes: n(row?.vendas_pendentes),
      vencido: dividas.valorVencido,
      vencidoDesativados: dividas.vencidoDesativados,
    },
    atraso: dividas.porFaixa,
    regraVencimento,
  };
}
