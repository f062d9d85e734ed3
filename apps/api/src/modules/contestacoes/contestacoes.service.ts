import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DESCRICAO_SALDO_ANTERIOR,
  MAX_MOTIVO_CONTESTACAO,
  type Conferencia,
  type ConferenciaInput,
  type Contestacao,
  type Contestacoes,
  type EntradaContestavel,
  type ResolverContestacaoInput,
} from '@caderneta/shared';
import { pode, semPermissao, type Seller } from '../../auth/seller';
import type { Executor } from '../../db/client';
import { contestacoes, lancamentos, vendas } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import { auditar } from '../auditoria/auditoria.service';
import { registrarAjuste } from '../financeiro/financeiro.service';
import { travarCliente, type ClienteTravado } from '../financeiro/razao.service';
import { notify } from '../notificacoes/notificacoes.service';
import { cancelVenda } from '../vendas/vendas.service';

/*
 * The customer confirms or disputes the entries of their account (issue 38, item 5). A dispute
 * ("Não reconheço", with the reason) tells the shop (a notification that has no switch), marks the
 * entry on both sides and pauses the customer's collection until the shop resolves it: cancelling
 * the sale, correcting the amount with a credit, or answering with a note the customer reads. One
 * answer per entry; a resolved dispute stays, with its answer, for both to see.
 */

/** How many disputes the lists show (open ones first, then the newest resolved). */
const MAX_CONTESTACOES = 20;

const contestacaoAberta = () =>
  new AppError('CONTESTACAO_ABERTA', 409, { message: 'Você já contestou este lançamento. A loja vai responder por aqui.' });
const contestacaoResolvida = () =>
  new AppError('CONTESTACAO_RESOLVIDA', 409, { message: 'A loja já respondeu sobre este lançamento. Fale com a loja se ainda não concordar.' });

/** A customer's answer as the table keeps it (the fields `conferenciaDe` reads). */
type Resposta = Pick<typeof contestacoes.$inferSelect, 'id' | 'lancamentoId' | 'reconhece' | 'motivo' | 'criadaEm' | 'resolucao' | 'resposta' | 'resolvidaEm'>;

/** A dispute with its entry, as `contestacoesSql` reads it. */
interface LinhaContestacao extends Omit<Resposta, 'criadaEm' | 'resolvidaEm'> {
  criadaEm: Date | string;
  resolvidaEm: Date | string | null;
  tipo: 'venda' | 'pagamento' | 'ajuste' | 'estorno';
  valor: number | string;
  data: Date | string;
  descricao: string | null;
  vendaId: string | null;
  numeroVenda: string | null;
  cancelada: boolean | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** What the customer page calls an entry: a purchase, an opening balance, an adjustment, a payment. */
function entradaDe(tipo: LinhaContestacao['tipo'], descricao: string | null): EntradaContestavel | null {
  if (tipo === 'venda') return 'compra';
  if (tipo === 'pagamento') return 'pagamento';
  if (tipo === 'ajuste') return descricao === DESCRICAO_SALDO_ANTERIOR ? 'saldo_anterior' : 'ajuste';
  return null;
}

function conferenciaDe(row: Omit<Resposta, 'criadaEm' | 'resolvidaEm'> & { criadaEm: Date | string; resolvidaEm: Date | string | null }): Conferencia {
  return {
    id: row.id,
    lancamentoId: row.lancamentoId,
    reconhece: row.reconhece,
    motivo: row.motivo,
    em: iso(row.criadaEm),
    aberta: !row.reconhece && row.resolvidaEm === null,
    resolucao: row.resolucao,
    resposta: row.resposta,
    resolvidaEm: row.resolvidaEm === null ? null : iso(row.resolvidaEm),
  };
}

function contestacaoDe(row: LinhaContestacao): Contestacao {
  return {
    ...conferenciaDe(row),
    entrada: {
      tipo: entradaDe(row.tipo, row.descricao)!,
      valor: Math.abs(Number(row.valor)),
      data: iso(row.data),
      numeroVenda: row.numeroVenda,
      vendaId: row.vendaId,
      cancelada: row.cancelada === true,
      descricao: row.tipo === 'ajuste' && row.descricao !== DESCRICAO_SALDO_ANTERIOR ? row.descricao : null,
    },
  };
}

/** The disputes with their entries, `where` over `c` (contestacoes). */
const contestacoesSql = (ownerId: string, where: ReturnType<typeof sql>) => sql`
  select c.id, c.lancamento_id as "lancamentoId", c.reconhece, c.motivo, c.criada_em as "criadaEm", c.resolucao, c.resposta,
         c.resolvida_em as "resolvidaEm", l.tipo, l.valor, coalesce(v.data_venda, l.created_at) as data, l.descricao,
         l.venda_id as "vendaId", v.numero_venda as "numeroVenda", v.status_pagamento = 'cancelado' as cancelada
  from ${contestacoes} c
  join ${lancamentos} l on l.owner_id = c.owner_id and l.id = c.lancamento_id
  left join ${vendas} v on v.owner_id = l.owner_id and v.id = l.venda_id
  where c.owner_id = ${ownerId} and ${where}`;

/** A customer's disputes: the open ones first, then the newest resolved. */
export async function ultimasContestacoes(tx: Executor, ownerId: string, clienteId: string): Promise<Contestacao[]> {
  const rows = await queryRows<LinhaContestacao>(
    tx,
    sql`${contestacoesSql(ownerId, sql`c.cliente_id = ${clienteId} and not c.reconhece`)}
        order by (c.resolvida_em is null) desc, c.criada_em desc, c.id limit ${MAX_CONTESTACOES}`,
  );
  return rows.map(contestacaoDe);
}

/** The shop's list of one customer's disputes (404 for a customer that is not the shop's). */
export async function listContestacoes(tx: Executor, ownerId: string, clienteId: string): Promise<Contestacoes> {
  const [cliente] = await queryRows<{ id: string }>(tx, sql`select id from clientes where owner_id = ${ownerId} and id = ${clienteId}`);
  if (!cliente) throw notFound('Cliente');
  return { items: await ultimasContestacoes(tx, ownerId, clienteId) };
}

/** The customer's answers about these entries of theirs, by entry. */
export async function conferenciasDe(tx: Executor, ownerId: string, lancamentoIds: string[]): Promise<Map<string, Conferencia>> {
  if (lancamentoIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(contestacoes)
    .where(and(eq(contestacoes.ownerId, ownerId), inArray(contestacoes.lancamentoId, lancamentoIds)));
  return new Map(rows.map((r) => [r.lancamentoId, conferenciaDe(r)]));
}

/**
 * "Reconheço" / "Não reconheço" from the customer page, about an entry of this customer's own
 * account (another's, or a reversal, is not found). A "Reconheço" may become a dispute; an open or
 * resolved dispute is not answered again. The caller holds the customer's lock (`travarCliente`),
 * so a resolution at the same moment is seen.
 */
export async function createConferencia(tx: Executor, ownerId: string, cliente: ClienteTravado, input: ConferenciaInput, agora: Date): Promise<Conferencia> {
  const [entrada] = await queryRows<Pick<LinhaContestacao, 'tipo' | 'valor' | 'descricao' | 'numeroVenda' | 'cancelada'>>(
    tx,
    sql`select l.tipo, l.valor, l.descricao, v.numero_venda as "numeroVenda", v.status_pagamento = 'cancelado' as cancelada
        from ${lancamentos} l left join ${vendas} v on v.owner_id = l.owner_id and v.id = l.venda_id
        where l.owner_id = ${ownerId} and l.id = ${input.lancamentoId} and l.cliente_id = ${cliente.id}`,
  );
  const tipo = entrada && entradaDe(entrada.tipo, entrada.descricao);
  if (!entrada || !tipo) throw notFound('Lançamento');
  if (entrada.cancelada) throw new AppError('VENDA_JA_CANCELADA', 409, { message: 'Esta compra já foi cancelada pela loja' });

  const [antes] = await tx
    .select()
    .from(contestacoes)
    .where(and(eq(contestacoes.ownerId, ownerId), eq(contestacoes.lancamentoId, input.lancamentoId)))
    .for('update');
  if (antes && !antes.reconhece) throw antes.resolvidaEm ? contestacaoResolvida() : contestacaoAberta();
  if (antes && input.reconhece) return conferenciaDe(antes);
  const motivo = input.reconhece ? null : input.motivo!;
  const [depois] = antes
    ? await tx
        .update(contestacoes)
        .set({ reconhece: false, motivo, criadaEm: agora })
        .where(and(eq(contestacoes.ownerId, ownerId), eq(contestacoes.id, antes.id)))
        .returning()
    : await tx.insert(contestacoes).values({ ownerId, clienteId: cliente.id, lancamentoId: input.lancamentoId, reconhece: input.reconhece, motivo, criadaEm: agora }).returning();
  if (!input.reconhece) {
    await notify(tx, ownerId, 'contestacao', {
      clienteId: cliente.id,
      cliente: cliente.nome,
      entrada: tipo,
      valor: Math.abs(Number(entrada.valor)),
      ...(entrada.numeroVenda ? { numeroVenda: entrada.numeroVenda } : {}),
      motivo: motivo!.slice(0, MAX_MOTIVO_CONTESTACAO),
    });
  }
  return conferenciaDe(depois!);
}

/**
 * The shop resolves a dispute: cancels the sale (with the answer as the reason; `cancelar_venda`),
 * corrects the amount with a credit of the difference (`ajustar_saldo`: the right amount is below
 * a debit's, or above a payment's), or only answers. The answer is what the customer reads.
 */
export async function resolveContestacao(
  tx: Executor,
  seller: Pick<Seller, 'id' | 'nome' | 'pessoa'>,
  contestacaoId: string,
  input: ResolverContestacaoInput,
  tempo: { agora: Date; at?: Date },
): Promise<Contestacao> {
  const agora = tempo.agora;
  const ownerId = seller.id;
  const [achada] = await tx
    .select({ clienteId: contestacoes.clienteId })
    .from(contestacoes)
    .where(and(eq(contestacoes.ownerId, ownerId), eq(contestacoes.id, contestacaoId), eq(contestacoes.reconhece, false)));
  if (!achada) throw notFound('Contestação');
  const cliente = await travarCliente(tx, ownerId, achada.clienteId);
  const [row] = await queryRows<LinhaContestacao>(tx, sql`${contestacoesSql(ownerId, sql`c.id = ${contestacaoId}`)} for update of c`);
  if (!row) throw notFound('Contestação');
  if (row.resolvidaEm !== null) throw new AppError('CONTESTACAO_JA_RESOLVIDA', 409, { message: 'Esta contestação já foi resolvida' });
  const entrada = contestacaoDe(row).entrada;

  if (input.acao === 'cancelada') {
    if (!pode(seller, 'cancelar_venda')) throw semPermissao('cancelar_venda');
    if (entrada.tipo !== 'compra' || !entrada.vendaId) {
      throw new AppError('CONTESTACAO_NAO_CANCELAVEL', 409, { message: 'Só uma compra pode ser cancelada; corrija o valor ou responda ao cliente' });
    }
    await cancelVenda(tx, ownerId, entrada.vendaId, { criadoPor: seller.pessoa.userId, motivo: input.resposta, at: tempo.at });
  }
  if (input.acao === 'corrigida') {
    if (!pode(seller, 'ajustar_saldo')) throw semPermissao('ajustar_saldo');
    const correto = input.valorCorreto!;
    // The correction is a credit to the customer: less than a debit was, more than a payment was.
    const credito = entrada.tipo === 'pagamento' ? correto - entrada.valor : entrada.valor - correto;
    if (credito <= 0 || (entrada.tipo === 'compra' && entrada.cancelada)) {
      throw new AppError('VALIDATION', 400, {
        message:
          entrada.tipo === 'pagamento'
            ? 'O valor correto do pagamento deve ser maior que o registrado (a correção é um crédito ao cliente)'
            : 'O valor correto deve ser menor que o lançado (a correção é um crédito ao cliente)',
        issues: [{ path: 'valorCorreto', message: entrada.tipo === 'pagamento' ? 'valorCorretoMaior' : 'valorCorretoMenor' }],
      });
    }
    await registrarAjuste(
      tx,
      ownerId,
      cliente.id,
      { tipo: 'credito', valor: credito, motivo: entrada.numeroVenda ? `Correção da compra ${entrada.numeroVenda} (contestação)` : 'Correção de lançamento (contestação)' },
      { criadoPor: seller.pessoa.userId, por: seller.nome, at: tempo.at },
    );
  }

  // A cancellation answers the purchase's dispute itself (cancelVenda), with the answer as its reason.
  if (input.acao !== 'cancelada') {
    await tx
      .update(contestacoes)
      .set({ resolucao: input.acao, resposta: input.resposta, resolvidaEm: agora, resolvidaPor: seller.pessoa.userId })
      .where(and(eq(contestacoes.ownerId, ownerId), eq(contestacoes.id, contestacaoId)));
  }
  await auditar(tx, ownerId, {
    acao: 'cliente.contestacao_resolvida',
    registro: { tipo: 'cliente', id: cliente.id, nome: cliente.nome },
    clienteId: cliente.id,
    detalhes: { resolucao: input.acao, entrada: entrada.tipo, valor: entrada.valor, ...(entrada.numeroVenda ? { numeroVenda: entrada.numeroVenda } : {}) },
    motivo: input.resposta,
  });
  const [depois] = await queryRows<LinhaContestacao>(tx, contestacoesSql(ownerId, sql`c.id = ${contestacaoId}`));
  return contestacaoDe(depois!);
}
