import { and, eq, sql } from 'drizzle-orm';
import {
  offsetOf,
  resultadoPagamento,
  reciboTexto,
  numeroRecibo,
  whatsappLink,
  type AjusteData,
  type Extrato,
  type ExtratoItem,
  type LancamentoDto,
  type LancamentoResultado,
  type Language,
  type Currency,
  type MetodoPagamento,
  type PaginationQuery,
  type Recibo,
  type TipoLancamento,
} from '@caderneta/shared';
import { auditar } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { clientes, contestacoes, lancamentos, perfis, pessoas, vendas } from '../../db/schema';
import type { Lancamento } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { checkJanelaOffline } from '../../lib/janela-offline';
import { queryRows } from '../../lib/sql';
import { estornoOnlineEmSql, lancar, travarCliente, type ClienteTravado, type NovoLancamento } from './razao.service';

export interface PagamentoRegistro {
  valor: number;
  metodo: MetodoPagamento;
  observacao?: string;
  /** The form's idempotency key: the same payment sent twice is posted once. */
  chave?: string;
  /** Received offline and sent later from the counter's queue: when it was received (ADR 034). */
  offline?: { feitaEm: string };
}

interface Options {
  /** The seller who posts the entry (recorded as criado_por). */
  criadoPor?: string | null;
  /** Their name, for the notification. */
  por?: string | null;
  /** When it happened; only the demo data sets it. */
  at?: Date;
  /** Raise the seller's notifications ("Pagamento recebido", a customer falling into debt). The demo's history does not. */
  notificar?: boolean;
  /** The server's clock ("now"), which an offline payment's `feitaEm` must lie near (ADR 034). */
  agora?: Date;
}

/** The sentences of an offline payment outside the window (the web words the keys). */
const JANELA_PAGAMENTO = { feitaEmNoFuturo: 'A data do pagamento está no futuro', feitaEmAntiga: 'O pagamento é antigo demais para ser registrado' };

function toDto(row: Lancamento, numeroVenda: string | null = null): LancamentoDto {
  return {
    id: row.id,
    tipo: row.tipo,
    valor: row.valor,
    metodo: row.metodo,
    descricao: row.descricao,
    vendaId: row.vendaId,
    numeroVenda,
    data: row.createdAt.toISOString(),
  };
}

/** The entry a key already posted, or null. */
async function lancamentoDaReferencia(tx: Executor, ownerId: string, clienteId: string, referencia: string): Promise<Lancamento | null> {
  const [row] = await tx
    .select()
    .from(lancamentos)
    .where(and(eq(lancamentos.ownerId, ownerId), eq(lancamentos.referenciaExterna, referencia)));
  // A key reused for another customer is a client bug; answer as if that customer had no such entry.
  if (row && row.clienteId !== clienteId) throw notFound('Lançamento');
  return row ?? null;
}

/**
 * "Registrar pagamento": a credit on the customer's ledger, allocated to their pending fiado
 * sales oldest first; what exceeds them stays as credit for future fiado sales.
 *
 * A payment received offline (ADR 034) is dated when it was received. The money is already in the
 * till, so it is taken as online is — a customer deactivated since included (a payment never asked
 * whether the customer is active) — and refused only for what online refuses, or a `feitaEm`
 * outside the window. Its allocation needs no recount: which sales a payment covers follows from
 * the sum of the customer's credits and the sales' order, not from when the credits were dated.
 */
export async function registrarPagamento(
  tx: Executor,
  ownerId: string,
  clienteId: string,
  input: PagamentoRegistro,
  options: Options = {},
): Promise<LancamentoResultado> {
  return lancarComChave(tx, ownerId, clienteId, input.chave ? `manual:${input.chave}` : null, options, {
    tipo: 'pagamento',
    valor: input.valor,
    metodo: input.metodo,
    descricao: input.observacao ?? null,
    feitaEm: input.offline ? new Date(input.offline.feitaEm) : null,
  });
}

/**
 * A payment or an adjustment through the ledger's door, keyed by the form's idempotency key: the
 * same entry sent twice (a retried request) answers what the first answered and changes nothing.
 */
async function lancarComChave(
  tx: Executor,
  ownerId: string,
  clienteId: string,
  referencia: string | null,
  options: Options,
  entry: Pick<NovoLancamento, 'tipo' | 'valor' | 'metodo' | 'descricao' | 'feitaEm'>,
): Promise<LancamentoResultado> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  // Under the customer's lock, before any other check: a resend of an entry already posted (an
  // offline queue sending again) is answered whatever its `feitaEm` says by now.
  const anterior = referencia ? await lancamentoDaReferencia(tx, ownerId, clienteId, referencia) : null;
  if (anterior) return repeticao(tx, ownerId, cliente, anterior);
  if (entry.feitaEm) checkJanelaOffline(entry.feitaEm, options.agora ?? new Date(), JANELA_PAGAMENTO);
  const movimento = await lancar(tx, ownerId, cliente, { ...entry, referenciaExterna: referencia, criadoPor: options.criadoPor, at: options.at }, { notificar: options.notificar, por: options.por });
  if (!movimento) {
    // Another request with this key committed between the lookup and the insert.
    const first = await lancamentoDaReferencia(tx, ownerId, clienteId, referencia!);
    if (!first) throw new Error('ledger key conflict without an entry');
    return repeticao(tx, ownerId, cliente, first);
  }
  if (referencia) await guardarQuitadas(tx, ownerId, movimento.lancamento.id, movimento.quitadas);
  await auditar(tx, ownerId, {
    acao: entry.tipo === 'ajuste' ? 'ajuste.registrado' : 'pagamento.registrado',
    em: options.at,
    registro: { tipo: 'cliente', id: cliente.id, nome: cliente.nome },
    clienteId: cliente.id,
    mudancas: [{ campo: 'saldo', antes: movimento.saldoAntes, depois: movimento.saldoAtual }],
    detalhes: {
      valor: entry.valor,
      metodo: entry.metodo ?? null,
      ...(entry.tipo === 'pagamento' && entry.descricao ? { observacao: entry.descricao } : {}),
      ...(entry.feitaEm ? { feitaEm: entry.feitaEm.toISOString() } : {}),
    },
    motivo: entry.tipo === 'ajuste' ? entry.descricao : null,
  });
  return resultado(cliente, movimento.lancamento, movimento.saldoAtual, movimento.quitadas);
}

/**
 * The answer to a retry: the first entry, the balance right after it in the statement's order and
 * the sales it paid off. For an entry dated before others (offline) that balance is the one its
 * statement line and receipt show, not where the customer stood when it arrived.
 */
async function repeticao(tx: Executor, ownerId: string, cliente: ClienteTravado, first: Lancamento): Promise<LancamentoResultado> {
  return resultado(cliente, first, await saldoApos(tx, ownerId, first), first.vendasQuitadas ?? []);
}

/** Keeps the sales a keyed entry paid off with it, for a retry's answer (the allocation will have moved on by then). */
async function guardarQuitadas(tx: Executor, ownerId: string, lancamentoId: string, quitadas: string[]) {
  if (quitadas.length === 0) return;
  await tx
    .update(lancamentos)
    .set({ vendasQuitadas: quitadas })
    .where(and(eq(lancamentos.ownerId, ownerId), eq(lancamentos.id, lancamentoId)));
}

/**
 * The customer's balance right after `entry` was posted: the sum of their entries up to it, in the
 * order the statement uses (what the first answer said, whatever was posted since).
 */
async function saldoApos(tx: Executor, ownerId: string, entry: Lancamento): Promise<number> {
  const [row] = await queryRows<{ saldo: string | null }>(
    tx,
    // The entry's instant read in SQL: a JS Date would cut its microseconds.
    sql`select sum(l.valor)::bigint::text as saldo from ${lancamentos} l, ${lancamentos} e
        where e.owner_id = ${ownerId} and e.id = ${entry.id}
          and l.owner_id = e.owner_id and l.cliente_id = e.cliente_id and (l.created_at, l.id) <= (e.created_at, e.id)`,
  );
  return Number(row?.saldo ?? 0);
}

/** "Ajuste": a manual credit or debit with its reason, e.g. an old debt from the paper notebook. */
export async function registrarAjuste(tx: Executor, ownerId: string, clienteId: string, input: AjusteData, options: Options = {}) {
  return lancarComChave(tx, ownerId, clienteId, input.chave ? `ajuste:${input.chave}` : null, options, {
    tipo: 'ajuste',
    valor: input.tipo === 'credito' ? input.valor : -input.valor,
    descricao: input.motivo,
  });
}

function resultado(cliente: { id: string; nome: string }, row: Lancamento, saldoAtual: number, quitadas: string[]): LancamentoResultado {
  return {
    lancamento: toDto(row),
    cliente: { clienteId: cliente.id, nome: cliente.nome, saldoAtual, saldoPendente: Math.max(0, -saldoAtual) },
    resultado: resultadoPagamento(saldoAtual),
    vendasQuitadas: quitadas,
  };
}

/**
 * The customer's statement, newest entry first, each with the balance right after it (a window
 * sum over the customer's entries in the order they were posted).
 */
export async function getExtrato(tx: Executor, ownerId: string, clienteId: string, query: PaginationQuery): Promise<Extrato> {
  const [cliente] = await tx
    .select({ id: clientes.id, nome: clientes.nome, telefone: clientes.telefone, saldoAtual: clientes.saldoAtual })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');

  const rows = await queryRows<{
    id: string;
    tipo: TipoLancamento;
    valor: number;
    metodo: MetodoPagamento | null;
    descricao: string | null;
    venda_id: string | null;
    numero_venda: string | null;
    data: string;
    saldo: number;
    total: number;
    por: string | null;
    conferencia: ExtratoItem['conferencia'];
  }>(
    tx,
    sql`
      select e.id, e.tipo, e.valor::bigint as valor, e.metodo, e.descricao, e.venda_id, v.numero_venda,
             to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as data,
             e.saldo::numeric as saldo, e.total::int as total, p.nome as por,
             case when c.id is null then null when c.reconhece then 'reconhecida' when c.resolvida_em is null then 'contestada' else 'resolvida' end as conferencia
      from (
        select l.*,
               sum(l.valor) over (order by l.created_at, l.id rows between unbounded preceding and current row) as saldo,
               count(*) over () as total
        from ${lancamentos} l
        where l.owner_id = ${ownerId} and l.cliente_id = ${clienteId}
      ) e
      left join ${vendas} v on v.owner_id = e.owner_id and v.id = e.venda_id
      left join ${pessoas} p on p.owner_id = e.owner_id and p.user_id = e.criado_por
      left join ${contestacoes} c on c.owner_id = e.owner_id and c.lancamento_id = e.id
      order by e.created_at desc, e.id desc
      limit ${query.pageSize} offset ${offsetOf(query)}
    `,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${lancamentos} where owner_id = ${ownerId} and cliente_id = ${clienteId}`,
    );
    total = count?.n ?? 0;
  }
  return {
    cliente: { clienteId: cliente.id, nome: cliente.nome, telefone: cliente.telefone, saldoAtual: cliente.saldoAtual, saldoPendente: Math.max(0, -cliente.saldoAtual) },
    items: rows.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      valor: Number(r.valor),
      metodo: r.metodo,
      descricao: r.descricao,
      vendaId: r.venda_id,
      numeroVenda: r.numero_venda,
      data: r.data,
      saldo: Number(r.saldo),
      por: r.por,
      conferencia: r.conferencia,
    })),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Data for a payment's receipt: the printable page and the WhatsApp text. */
export async function getRecibo(tx: Executor, ownerId: string, lancamentoId: string): Promise<Recibo> {
  const [row] = await queryRows<{
    id: string;
    valor: number;
    metodo: MetodoPagamento | null;
    descricao: string | null;
    data: string;
    saldo_apos: number;
    estornado_em: string | null;
    cliente_id: string;
    cliente_nome: string;
    cliente_telefone: string | null;
    recebido_por: string | null;
  }>(
    tx,
    sql`
      select l.id, l.valor::bigint as valor, l.metodo, l.descricao, quem.nome as recebido_por,
             to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as data,
             (select sum(p.valor)::numeric from ${lancamentos} p
               where p.owner_id = l.owner_id and p.cliente_id = l.cliente_id
                 and (p.created_at, p.id) <= (l.created_at, l.id)) as saldo_apos,
             ${estornoOnlineEmSql('l')} as estornado_em,
             c.id as cliente_id, c.nome as cliente_nome, c.telefone as cliente_telefone
      from ${lancamentos} l
      join ${clientes} c on c.owner_id = l.owner_id and c.id = l.cliente_id
      left join ${pessoas} quem on quem.owner_id = l.owner_id and quem.user_id = l.criado_por
      where l.owner_id = ${ownerId} and l.id = ${lancamentoId} and l.tipo = 'pagamento'
    `,
  );
  if (!row) throw notFound('Pagamento');
  const [perfil] = await tx
    .select({ nomeLoja: perfis.nomeLoja, telefone: perfis.telefoneLoja, endereco: perfis.enderecoLoja, idioma: perfis.idioma, moeda: perfis.moeda, fuso: perfis.fusoHorario })
    .from(perfis)
    .where(eq(perfis.ownerId, ownerId));
  const data = {
    id: row.id,
    data: row.data,
    valor: Number(row.valor),
    metodo: row.metodo ?? 'dinheiro',
    observacao: row.descricao,
    saldoApos: Number(row.saldo_apos),
    estornadoEm: row.estornado_em,
    recebidoPor: row.recebido_por,
    cliente: { id: row.cliente_id, nome: row.cliente_nome, telefone: row.cliente_telefone || null },
    loja: { nome: perfil?.nomeLoja ?? '', telefone: perfil?.telefone ?? null, endereco: perfil?.endereco ?? null },
  };
  const texto = reciboTexto(data, (perfil?.idioma ?? 'pt-BR') as Language, (perfil?.moeda ?? 'BRL') as Currency, perfil?.fuso);
  return { ...data, numero: numeroRecibo(row.id), texto, whatsappUrl: whatsappLink(data.cliente.telefone, texto) };
}
