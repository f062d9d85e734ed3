import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  devedoresQuerySchema,
  faixaLembrete,
  nivelAtraso,
  normalizeForSearch,
  offsetOf,
  PROMESSA_MAX_DIAS,
  type CanalMensagem,
  type CobrancaClienteData,
  type Devedor,
  type DevedorDetalhe,
  type DevedoresPage,
  type DevedoresQuery,
  type Lembrete,
  type OrdemDevedores,
  type StatusMensagem,
  vencimentoAntesDaCompra,
} from '@caderneta/shared';
import type { z } from 'zod';
import { auditar, mudancasEntre } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { clientes, contestacaoAbertaSql, contestacoes, lembretes, mensagens, vendas } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { escapeLike, queryRows } from '../../lib/sql';
import { travarCliente } from '../financeiro/razao.service';
import { lerParcelamentoEmVigor } from '../financeiro/parcelas';
import { proximasParcelas } from './parcelamento.service';
import { lerConfigHoje, lerConfigLoja, pixDaLoja, type ConfigComHoje } from './cobranca-config.service';
import { devedoresSql, ehDevedor, lerResumoDividas, nivelSql, resumoDividasSql, resumoDosDevedoresSql, vencidoSql, type Contexto } from './devedores.sql';

const semDivida = () => new AppError('CLIENTE_SEM_DIVIDA', 409, { message: 'Este cliente não tem saldo devedor' });

const contexto = (ownerId: string, config: ConfigComHoje): Contexto => ({ ownerId, regra: config.regra, fuso: config.fuso, hoje: config.hoje });

/** Name (accent- and case-insensitive) or, when the term looks like a phone, its digits. */
function buscaSql(busca: string | undefined): SQL | null {
  const term = normalizeForSearch(busca ?? '');
  if (!term) return null;
  const byName = sql`d.nome_busca like ${`%${escapeLike(term)}%`}`;
  const digits = term.replace(/\D/g, '');
  if (digits && /^[\d\s()+.-]+$/.test(term)) {
    return sql`(${byName} or d.telefone like ${`%${escapeLike(digits.replace(/^0+/, '') || digits)}%`})`;
  }
  return byName;
}

/**
 * Sort orders; a broken promise to pay comes first in every one (it needs the seller's attention).
 * Ties break by name and id, so pages never repeat or skip a debtor.
 */
function ordemSql(ordem: OrdemDevedores, p: string): SQL {
  const col = (name: string) => sql.raw(`${p}.${name}`);
  const primeiro = sql`${col('promessa_quebrada')} desc`;
  const fim = sql`${col('nome_busca')}, ${col('id')}`;
  switch (ordem) {
    case 'maior_divida':
      return sql`${primeiro}, ${col('saldo_atual')} asc, ${fim}`;
    case 'menor_divida':
      return sql`${primeiro}, ${col('saldo_atual')} desc, ${fim}`;
    case 'mais_antigo':
      return sql`${primeiro}, ${col('vencimento')} asc, ${col('pendente_desde')} asc nulls last, ${fim}`;
    case 'mais_recente':
      return sql`${primeiro}, ${col('vencimento')} desc, ${col('pendente_desde')} desc nulls last, ${fim}`;
  }
}

interface Linha {
  id: string;
  nome: string;
  telefone: string;
  login: string | null;
  saldo_atual: number | string;
  pendente_desde_dia: string | null;
  vencimento: string;
  proprio: boolean;
  dias: number | string;
  promessa: string | null;
  promessa_quebrada: boolean;
  total_vendas: number | string;
  lembrete_faixa: Devedor['faixa'] | null;
  lembrete_em: string | null;
  lembrete_dia: string | null;
  contestacao_aberta: boolean;
  aviso_canal: CanalMensagem | null;
  aviso_status: StatusMensagem | null;
  aviso_em: string | null;
  avisos_ativos: boolean;
}

/** Columns of one debtor row for the answer; `d` is devedoresSql, at most a page of rows. */
const colunas = (ctx: Contexto) => sql`
  d.id, d.nome, d.telefone, d.login, d.saldo_atual::bigint as saldo_atual,
  to_char((d.pendente_desde at time zone ${ctx.fuso})::date, 'YYYY-MM-DD') as pendente_desde_dia,
  to_char(d.vencimento, 'YYYY-MM-DD') as vencimento, d.data_vencimento is not null as proprio,
  d.dias::int as dias, to_char(d.promessa_pagamento, 'YYYY-MM-DD') as promessa, d.promessa_quebrada,
  (select count(*) from vendas v where v.cliente_id = d.id and v.status_pagamento = 'pendente' and v.owner_id = ${ctx.ownerId})::int as total_vendas,
  l.faixa as lembrete_faixa, to_char(l.enviado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as lembrete_em,
  to_char(l.dia, 'YYYY-MM-DD') as lembrete_dia,
  exists (select 1 from ${contestacoes} ct where ct.owner_id = ${ctx.ownerId} and ct.cliente_id = d.id and ${contestacaoAbertaSql('ct')}) as contestacao_aberta,
  a.canal as aviso_canal, a.status as aviso_status,
  to_char(coalesce(a.status_em, a.enviada_em, a.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as aviso_em,
  d.avisos_ativos`;

/** The debtor's last reminder marked sent, and the newest automatic message (mensagens_cliente_idx): a row each. */
const ultimoLembrete = (ctx: Contexto) => sql`
  left join lateral (
    select faixa, enviado_em, dia from ${lembretes}
    where owner_id = ${ctx.ownerId} and cliente_id = d.id
    order by enviado_em desc limit 1
  ) l on true
  left join lateral (
    select canal, status, status_em, enviada_em, created_at from ${mensagens}
    where owner_id = ${ctx.ownerId} and cliente_id = d.id
    order by created_at desc limit 1
  ) a on true`;

function toDevedor(row: Linha, config: ConfigComHoje): Devedor {
  const hoje = config.hoje;
  const saldoAtual = Number(row.saldo_atual);
  const saldoPendente = Math.max(0, -saldoAtual);
  const dias = Number(row.dias);
  return {
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    login: row.login,
    saldoAtual,
    saldoPendente,
    pendenteDesde: row.pendente_desde_dia,
    totalVendas: Number(row.total_vendas),
    dataVencimento: row.vencimento,
    vencimentoProprio: row.proprio,
    diasEmAtraso: dias,
    estaVencido: dias > 0,
    nivel: nivelAtraso(dias),
    faixa: faixaLembrete(dias),
    ultimoLembrete: row.lembrete_em ? { data: row.lembrete_em, faixa: row.lembrete_faixa! } : null,
    lembradoHoje: row.lembrete_dia === hoje,
    promessa: row.promessa ? { data: row.promessa, quebrada: row.promessa_quebrada } : null,
    contestacaoAberta: row.contestacao_aberta === true,
    ultimoAviso: row.aviso_canal && row.aviso_status && row.aviso_em ? { canal: row.aviso_canal, status: row.aviso_status, em: row.aviso_em } : null,
    reguaAutomatica: config.regua.ativa && row.avisos_ativos === true,
    parcela: null,
    pix: pixDaLoja(config, saldoPendente),
  };
}

/**
 * The two statements of /devedores: the cards plus the count of those matching the filters (one
 * aggregate), and one page sorted and cut in SQL. Without a search or a filter the cards come from
 * the debts by due day (devedores_por_dia) and the default order's page from about a page of rows
 * (paginaPelaDivida); with one, both read the debtors' covering index (clientes_devedores_idx) and
 * compute due dates from the customer rows. Only the page's rows look at their pending sales (a
 * count) and their last reminder. (Exported for the benchmark's query plans.)
 */
export function consultasDevedores(ctx: Contexto, query: z.output<typeof devedoresQuerySchema>, diasAntecedencia: number): { resumo: SQL; pagina: SQL } {
  const filtros: SQL[] = [];
  const busca = buscaSql(query.busca);
  if (busca) filtros.push(busca);
  const porVencimento: SQL[] = [];
  if (query.nivel) porVencimento.push(nivelSql(query.nivel));
  if (query.situacao === 'vencidos') porVencimento.push(vencidoSql);
  if (query.situacao === 'a_vencer') {
    porVencimento.push(sql`d.vencimento >= ${ctx.hoje}::date and d.vencimento <= ${addDays(ctx.hoje, diasAntecedencia)}::date`);
  }
  const todos = [...filtros, ...porVencimento];
  const filtro = todos.length ? sql.join(todos, sql` and `) : sql`true`;

  // Without a search or a filter every debtor is found: the cards alone, by groups.
  const resumo = todos.length
    ? resumoDividasSql(ctx, ehDevedor, [sql`count(*) filter (where ${filtro})::int as encontrados`])
    : resumoDosDevedoresSql(ctx);

  // The page in two steps: which rows (only what the sort and the filters need is computed for
  // every debtor: nothing of the due date when sorting by amount), then everything the cards
  // show, for those rows only.
  const calcular = query.ordem === 'mais_antigo' || query.ordem === 'mais_recente' || porVencimento.length > 0;
  const quais = !todos.length && query.ordem === 'maior_divida'
    ? paginaPelaDivida(ctx, query.pageSize, offsetOf(query))
    : sql`
      select d.id from ${devedoresSql(ctx, ehDevedor, { calcular })}
      where ${filtro}
      order by ${ordemSql(query.ordem, 'd')}
      limit ${query.pageSize} offset ${offsetOf(query)}`;
  const pagina = sql`
    with pagina as materialized (${quais})
    select ${colunas(ctx)}
    from ${devedoresSql(ctx, sql`c.id in (select id from pagina)`)}
    ${ultimoLembrete(ctx)}
    order by ${ordemSql(query.ordem, 'd')}
  `;
  return { resumo, pagina };
}

/**
 * Which debtors are on a page of the default order (maior_divida) without a search or a filter,
 * reading about a page of rows however many owe: the broken promises to pay, which head the order
 * (few, by clientes_promessa_idx), then the others as clientes_devedores_idx already orders them —
 * by amount, name and id —, each cut at the page's end.
 */
function paginaPelaDivida(ctx: Contexto, pageSize: number, offset: number): SQL {
  const ate = offset + pageSize;
  const devedor = sql`c.owner_id = ${ctx.ownerId} and ${ehDevedor}`;
  return sql`
    select p.id from (
      (select c.id, true as promessa_quebrada, c.saldo_atual, c.nome_busca from ${clientes} c
        where ${devedor} and c.promessa_pagamento is not null and c.promessa_pagamento < ${ctx.hoje}::date
        order by c.saldo_atual, c.nome_busca, c.id limit ${ate})
      union all
      (select c.id, false, c.saldo_atual, c.nome_busca from ${clientes} c
        where ${devedor} and (c.promessa_pagamento is null or c.promessa_pagamento >= ${ctx.hoje}::date)
        order by c.saldo_atual, c.nome_busca, c.id limit ${ate})
    ) p
    order by ${ordemSql('maior_divida', 'p')}
    limit ${pageSize} offset ${offset}`;
}

/** /devedores: the cards, the count matching the search and filters, and one page. */
export async function listDevedores(tx: Executor, ownerId: string, rawQuery: DevedoresQuery, now: Date): Promise<DevedoresPage> {
  const query = devedoresQuerySchema.parse(rawQuery);
  const config = await lerConfigHoje(tx, ownerId, now);
  const ctx = contexto(ownerId, config);
  const consultas = consultasDevedores(ctx, query, config.diasAntecedencia);
  const [linha] = await queryRows<Record<string, unknown>>(tx, consultas.resumo);
  const resumo = lerResumoDividas(linha);
  const rows = await queryRows<Linha>(tx, consultas.pagina);

  return {
    items: await comParcelas(tx, ownerId, config, rows.map((r) => toDevedor(r, config))),
    total: linha?.encontrados === undefined ? resumo.devedores : Number(linha.encontrados),
    page: query.page,
    pageSize: query.pageSize,
    hoje: ctx.hoje,
    resumo: {
      totalDevedores: resumo.devedores,
      dividasVencidas: resumo.vencidos,
      valorTotal: resumo.valor,
      casosCriticos: resumo.criticos,
      mediaAtraso: resumo.mediaAtraso,
    },
  };
}

async function lerDevedor(tx: Executor, ownerId: string, config: ConfigComHoje, clienteId: string): Promise<Devedor | null> {
  const ctx = contexto(ownerId, config);
  const [row] = await queryRows<Linha>(
    tx,
    sql`select ${colunas(ctx)} from ${devedoresSql(ctx, sql`c.id = ${clienteId}`)} ${ultimoLembrete(ctx)}`,
  );
  return row ? (await comParcelas(tx, ownerId, config, [toDevedor(row, config)]))[0]! : null;
}

/**
 * The page's debtors with their instalment due, for those with a schedule in force: their PIX code
 * then charges what they owe by its date ({pix} in the messages, like {valor}).
 */
async function comParcelas(tx: Executor, ownerId: string, config: ConfigComHoje, devedores: Devedor[]): Promise<Devedor[]> {
  const parcelas = await proximasParcelas(tx, ownerId, devedores);
  return devedores.map((d) => {
    const parcela = parcelas.get(d.id) ?? null;
    return parcela ? { ...d, parcela, pix: pixDaLoja(config, parcela.devido) } : { ...d, parcela };
  });
}

/** Detalhes: any of the seller's customers (a debtor just paid up still opens), with who they are. */
export async function getDevedor(tx: Executor, ownerId: string, clienteId: string, now: Date): Promise<DevedorDetalhe> {
  const config = await lerConfigHoje(tx, ownerId, now);
  const ctx = contexto(ownerId, config);
  const devedor = await lerDevedor(tx, ownerId, config, clienteId);
  if (!devedor) throw notFound('Cliente');
  const [extra] = await tx
    .select({
      email: clientes.email,
      endereco: clientes.endereco,
      observacoes: clientes.observacoes,
      limiteCredito: clientes.limiteCredito,
      ativo: clientes.ativo,
      dataVencimento: clientes.dataVencimento,
    })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  return {
    ...devedor,
    email: extra!.email,
    endereco: extra!.endereco,
    observacoes: extra!.observacoes,
    limiteCredito: extra!.limiteCredito,
    disponivel: Math.max(0, extra!.limiteCredito + devedor.saldoAtual),
    ativo: extra!.ativo,
    dataVencimentoPropria: extra!.dataVencimento,
    compraMaisAntiga: await compraMaisAntiga(tx, ownerId, clienteId, config.fuso),
    hoje: ctx.hoje,
  };
}

/**
 * The first day an agreed due date may be (issue 33): the shop day of the customer's oldest fiado
 * purchase still pending, when the debt began with it. A debt that began with a debit entered by
 * hand (an opening balance, older than any pending purchase: `pendente_desde` before it) sets no
 * bound — a notebook's debt may be older than the day it was typed, and may already be late.
 */
async function compraMaisAntiga(tx: Executor, ownerId: string, clienteId: string, fuso: string): Promise<string | null> {
  const [row] = await queryRows<{ compra: string | null }>(
    tx,
    sql`select case when (c.pendente_desde at time zone ${fuso})::date < (v.desde at time zone ${fuso})::date then null
                    else to_char((v.desde at time zone ${fuso})::date, 'YYYY-MM-DD') end as compra
        from ${clientes} c,
             (select min(data_venda) as desde from ${vendas}
               where owner_id = ${ownerId} and cliente_id = ${clienteId} and forma_pagamento = 'fiado' and status_pagamento = 'pendente') v
        where c.owner_id = ${ownerId} and c.id = ${clienteId}`,
  );
  return row?.compra ?? null;
}

/**
 * Manage debt: the seller's notes and the customer's own due date (null: the seller's rule again).
 * Under the customer's lock, so a payment that clears the debt at the same moment is seen.
 */
export async function salvarCobranca(tx: Executor, ownerId: string, clienteId: string, input: CobrancaClienteData, now: Date): Promise<DevedorDetalhe> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  if (input.dataVencimento && cliente.saldoAtual >= 0) throw semDivida();
  const antes = await cobrancaDoCliente(tx, ownerId, clienteId);
  if (input.dataVencimento !== antes.dataVencimento && (await lerParcelamentoEmVigor(tx, ownerId, clienteId))) {
    throw new AppError('PARCELAMENTO_ATIVO', 409, {
      message: 'Este cliente tem um parcelamento: o vencimento é o da parcela em aberto',
      issues: [{ path: 'dataVencimento', message: 'vencimentoDoParcelamento' }],
    });
  }
  if (input.dataVencimento) {
    const compra = await compraMaisAntiga(tx, ownerId, clienteId, (await lerConfigLoja(tx, ownerId)).fuso);
    if (vencimentoAntesDaCompra(input.dataVencimento, compra)) {
      throw new AppError('VALIDATION', 400, {
        message: `A data combinada não pode ser antes da compra mais antiga em aberto (${compra})`,
        issues: [{ path: 'dataVencimento', message: 'vencimentoAntesDaCompra' }],
      });
    }
  }
  await tx
    .update(clientes)
    .set({ observacoes: input.observacoes, dataVencimento: input.dataVencimento, updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  const mudancas = mudancasEntre(antes, { observacoes: input.observacoes ?? null, dataVencimento: input.dataVencimento ?? null }, ['observacoes', 'dataVencimento']);
  if (mudancas.length) await auditar(tx, ownerId, { acao: 'cliente.cobranca_alterada', registro: { tipo: 'cliente', id: clienteId, nome: cliente.nome }, clienteId, mudancas });
  return getDevedor(tx, ownerId, clienteId, now);
}

/** "Promessa de pagamento": a day from today up to a year ahead; null removes it. */
export async function salvarPromessa(tx: Executor, ownerId: string, clienteId: string, data: string | null, now: Date): Promise<DevedorDetalhe> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  if (data !== null) {
    if (cliente.saldoAtual >= 0) throw semDivida();
    const { hoje } = await lerConfigHoje(tx, ownerId, now);
    if (data < hoje || data > addDays(hoje, PROMESSA_MAX_DIAS)) {
      throw new AppError('VALIDATION', 400, { message: 'A promessa deve ser de hoje até um ano à frente', issues: [{ path: 'data', message: 'promessaForaDoPrazo' }] });
    }
  }
  const antes = await cobrancaDoCliente(tx, ownerId, clienteId);
  await tx
    .update(clientes)
    .set({ promessaPagamento: data, updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (antes.promessaPagamento !== data) {
    await auditar(tx, ownerId, {
      acao: data === null ? 'cliente.promessa_removida' : 'cliente.promessa_registrada',
      registro: { tipo: 'cliente', id: clienteId, nome: cliente.nome },
      clienteId,
      mudancas: [{ campo: 'promessa', antes: antes.promessaPagamento, depois: data }],
    });
  }
  return getDevedor(tx, ownerId, clienteId, now);
}

/** A customer's collection fields as they stand, for the audit trail's "before". */
async function cobrancaDoCliente(tx: Executor, ownerId: string, clienteId: string) {
  const [row] = await tx
    .select({ observacoes: clientes.observacoes, dataVencimento: clientes.dataVencimento, promessaPagamento: clientes.promessaPagamento })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  return row ?? { observacoes: null, dataVencimento: null, promessaPagamento: null };
}

/**
 * "Enviado": the reminder the seller just sent over WhatsApp, with the tier the debtor is in
 * today (decided here, not by the browser) and what they owed.
 */
export async function registrarLembrete(
  tx: Executor,
  ownerId: string,
  clienteId: string,
  options: { now: Date; criadoPor?: string | null },
): Promise<Lembrete> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  const config = await lerConfigHoje(tx, ownerId, options.now);
  const devedor = await lerDevedor(tx, ownerId, config, clienteId);
  if (!devedor) throw notFound('Cliente');
  if (devedor.saldoPendente <= 0) throw semDivida();
  if (devedor.contestacaoAberta) {
    throw new AppError('COBRANCA_PAUSADA', 409, { message: 'A cobrança está pausada: o cliente contestou um lançamento. Resolva a contestação primeiro.' });
  }
  const [row] = await tx
    .insert(lembretes)
    .values({
      ownerId,
      clienteId,
      faixa: devedor.faixa,
      dia: config.hoje,
      diasAtraso: devedor.diasEmAtraso,
      valor: devedor.saldoPendente,
      enviadoEm: options.now,
      criadoPor: options.criadoPor ?? null,
    })
    .returning();
  await auditar(tx, ownerId, {
    acao: 'cliente.lembrete_enviado',
    registro: { tipo: 'cliente', id: clienteId, nome: cliente.nome },
    clienteId,
    detalhes: { faixa: row!.faixa, valor: row!.valor, diasAtraso: row!.diasAtraso },
  });
  return {
    id: row!.id,
    clienteId,
    faixa: row!.faixa,
    data: row!.enviadoEm.toISOString(),
    diasAtraso: row!.diasAtraso,
    valor: row!.valor,
  };
}

export interface ClienteVencido {
  id: string;
  nome: string;
  saldoPendente: number;
  dataVencimento: string;
}

/**
 * Customers who became overdue: their due date falls in [desde, hoje − 1] (overdue ⇔ due date <
 * today). A daily job passes its last run's day as `desde` so a missed day is not lost; by default
 * it is yesterday. Reads the seller's debtors only (clientes_owner_saldo_idx), never their sales.
 */
export async function clientesQueVenceram(tx: Executor, ownerId: string, hoje: string, desde: string = addDays(hoje, -1)): Promise<ClienteVencido[]> {
  const config = await lerConfigLoja(tx, ownerId);
  const ctx: Contexto = { ownerId, regra: config.regra, fuso: config.fuso, hoje };
  const rows = await queryRows<{ id: string; nome: string; saldo_atual: number | string; vencimento: string }>(
    tx,
    sql`
      select d.id, d.nome, d.saldo_atual::bigint as saldo_atual, to_char(d.vencimento, 'YYYY-MM-DD') as vencimento
      from ${devedoresSql(ctx, ehDevedor)}
      where d.vencimento >= ${desde}::date and d.vencimento < ${hoje}::date
      order by d.vencimento, d.nome_busca, d.id
    `,
  );
  return rows.map((r) => ({ id: r.id, nome: r.nome, saldoPendente: -Number(r.saldo_atual), dataVencimento: r.vencimento }));
}
