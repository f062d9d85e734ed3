import { and, desc, eq, sql } from 'drizzle-orm';
import {
  avisoDeLancamento,
  ERRO_ENVIO_INTERROMPIDO,
  esperaAposFalha,
  LANCAMENTOS_AVISADOS,
  MAX_TENTATIVAS_MENSAGEM,
  type CanalMensagem,
  type Currency,
  type DadosMensagem,
  type Language,
  type LancamentoAvisado,
  type MensagensCliente,
  type TipoLancamento,
} from '@caderneta/shared';
import type { Database, Executor } from '../../db/client';
import { withSeller } from '../../db/client';
import { clientes, mensagens, perfis } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import type { Mailer } from '../../mail/mailer';
import { safeError } from '../../security/log-redaction';

/*
 * Messages the app writes to customers by itself (docs/decisions/043). They are written to an
 * outbox in the transaction of what they tell and sent by a job: a request never waits for a mail
 * server, a rolled-back entry tells nobody, and each thing is told once (`chave`).
 */

/** SQL: the customer `alias` (of clientes) consented to automatic messages and did not stop them. */
export const avisosAtivosSql = (alias: string) =>
  sql.raw(`(${alias}.avisos_autorizados_em is not null and ${alias}.avisos_parados_em is null)`);

/** What the outbox needs of a customer, read with their lock (travarCliente). */
export interface DestinatarioAvisos {
  id: string;
  email: string | null;
  avisosAtivos: boolean;
}

/**
 * The channel a customer is reached on, or null: e-mail when they have an address. (The shop's
 * WhatsApp Business number will come first once it can be connected: issue 38, item 1.)
 */
export function canalDe(cliente: DestinatarioAvisos): { canal: CanalMensagem; destino: string } | null {
  if (!cliente.avisosAtivos) return null;
  if (cliente.email) return { canal: 'email', destino: cliente.email };
  return null;
}

const avisado = (tipo: TipoLancamento): tipo is LancamentoAvisado => (LANCAMENTOS_AVISADOS as readonly string[]).includes(tipo);

/**
 * Puts the notice of a new entry of the customer's account in the outbox, when the customer
 * consented and can be reached; in the entry's transaction, so a rolled-back entry tells nobody.
 */
export async function avisarLancamento(
  tx: Executor,
  ownerId: string,
  cliente: DestinatarioAvisos,
  lancamento: { id: string; tipo: TipoLancamento; valor: number; saldo: number; em: Date },
): Promise<void> {
  if (!avisado(lancamento.tipo)) return;
  const destino = canalDe(cliente);
  if (!destino) return;
  const dados: DadosMensagem = { tipo: lancamento.tipo, valor: lancamento.valor, saldo: lancamento.saldo, em: lancamento.em.toISOString() };
  await tx
    .insert(mensagens)
    .values({ ownerId, clienteId: cliente.id, lancamentoId: lancamento.id, chave: `lancamento:${lancamento.id}`, ...destino, dados })
    .onConflictDoNothing({ target: [mensagens.ownerId, mensagens.chave] });
}

/** The customer's consent ended: what was still waiting is not sent. */
export async function cancelarMensagensPendentes(tx: Executor, ownerId: string, clienteId: string): Promise<void> {
  await tx
    .update(mensagens)
    .set({ status: 'cancelada', proximaEm: null })
    .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.clienteId, clienteId), eq(mensagens.status, 'pendente')));
}

/** How many of a customer's messages their log shows (newest first). */
export const MENSAGENS_NO_HISTORICO = 50;

/** The customer's message log (Detalhes): what the app wrote to them, and how it went. */
export async function listMensagens(tx: Executor, ownerId: string, clienteId: string): Promise<MensagensCliente> {
  const [cliente] = await tx.select({ id: clientes.id }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  const rows = await tx
    .select({
      id: mensagens.id,
      canal: mensagens.canal,
      destino: mensagens.destino,
      dados: mensagens.dados,
      status: mensagens.status,
      tentativas: mensagens.tentativas,
      enviadaEm: mensagens.enviadaEm,
      erro: mensagens.erro,
      createdAt: mensagens.createdAt,
    })
    .from(mensagens)
    .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.clienteId, clienteId)))
    .orderBy(desc(mensagens.createdAt), desc(mensagens.id))
    .limit(MENSAGENS_NO_HISTORICO);
  return {
    items: rows.map((m) => ({
      id: m.id,
      canal: m.canal,
      destino: m.destino,
      tipo: m.dados.tipo,
      valor: m.dados.valor,
      saldo: m.dados.saldo,
      status: m.status,
      tentativas: m.tentativas,
      enviadaEm: m.enviadaEm?.toISOString() ?? null,
      // The reason of a failure as the seller may read it: the provider's words, never a stack.
      erro: m.status === 'falhou' || m.status === 'pendente' ? m.erro : null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export interface EnvioDeps {
  mailer: Mailer;
  clock: Clock;
  /** The customer page's links start here. */
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void };
}

/** How long an attempt may stay under way before it counts as interrupted (and is never retried). */
const PRAZO_TENTATIVA_MS = 10 * 60_000;
/** How many messages one round sends at most (the next round takes the rest). */
export const MENSAGENS_POR_RODADA = 200;

interface Envio {
  canal: CanalMensagem;
  destino: string;
  assunto: string;
  texto: string;
  link: string | null;
}

type Resultado = { enviadas: number; falhas: number; canceladas: number; interrompidas: number };

/**
 * One round of the sending job: the messages due in every shop (read as app_lookup: ids and
 * times only), each claimed, sent and recorded on its own. A claimed attempt is marked 'enviando'
 * and committed before the send, so an attempt interrupted after the provider got it is never
 * sent again (it becomes 'falhou'); a failure the provider reports is retried with back-off.
 */
export async function enviarMensagens(db: Database, deps: EnvioDeps, limite = MENSAGENS_POR_RODADA): Promise<Resultado> {
  const agora = deps.clock.now();
  const devidas = await db.transaction(async (tx) => {
    await tx.execute(sql`set local role app_lookup`);
    return queryRows<{ owner_id: string; id: string; status: 'pendente' | 'enviando' }>(
      tx,
      sql`select owner_id, id, status from ${mensagens}
          where status in ('pendente', 'enviando') and (proxima_em is null or proxima_em <= ${agora.toISOString()}::timestamptz)
          order by proxima_em nulls first limit ${limite}`,
    );
  });
  const resultado: Resultado = { enviadas: 0, falhas: 0, canceladas: 0, interrompidas: 0 };
  for (const devida of devidas) {
    if (devida.status === 'enviando') {
      if (await marcarInterrompida(db, devida.owner_id, devida.id, agora)) resultado.interrompidas++;
      continue;
    }
    const envio = await reservar(db, deps.publicUrl, devida.owner_id, devida.id, agora);
    if (envio === 'cancelada') resultado.canceladas++;
    if (!envio || envio === 'cancelada') continue;
    let erro: unknown = null;
    try {
      await enviar(deps, envio);
    } catch (error) {
      erro = error;
      deps.log.warn({ err: error, mensagem: devida.id, canal: envio.canal }, 'message to a customer failed');
    }
    await registrar(db, devida.owner_id, devida.id, erro, deps.clock.now());
    if (erro) resultado.falhas++;
    else resultado.enviadas++;
  }
  return resultado;
}

async function enviar(deps: EnvioDeps, envio: Envio): Promise<void> {
  if (envio.canal === 'email') {
    await deps.mailer.send({ to: envio.destino, subject: envio.assunto, text: envio.texto, ...(envio.link ? { link: envio.link } : {}) });
    return;
  }
  throw new Error(`canal ${envio.canal} ainda não está ligado`);
}

/**
 * Claims a pending message (skipping one another round holds) and writes its text: 'enviando'
 * until `agora` + the attempt's deadline. Null when it is no longer due; 'cancelada' when the
 * customer's consent ended meanwhile.
 */
async function reservar(db: Database, publicUrl: string, ownerId: string, id: string, agora: Date): Promise<Envio | 'cancelada' | null> {
  return withSeller(db, ownerId, async (tx) => {
    const [linha] = await queryRows<{
      canal: CanalMensagem;
      destino: string;
      dados: DadosMensagem;
      nome: string;
      login: string | null;
      ativos: boolean;
      nome_loja: string;
      cnpj: string | null;
      idioma: string;
      moeda: string;
      fuso_horario: string;
    }>(
      tx,
      sql`select m.canal, m.destino, m.dados, c.nome, c.login, ${avisosAtivosSql('c')} as ativos,
                 p.nome_loja, p.cnpj, p.idioma, p.moeda, p.fuso_horario
          from ${mensagens} m
          join ${clientes} c on c.owner_id = m.owner_id and c.id = m.cliente_id
          join ${perfis} p on p.owner_id = m.owner_id
          where m.owner_id = ${ownerId} and m.id = ${id} and m.status = 'pendente'
            and (m.proxima_em is null or m.proxima_em <= ${agora.toISOString()}::timestamptz)
          for update of m skip locked`,
    );
    if (!linha) return null;
    if (!linha.ativos) {
      await tx.update(mensagens).set({ status: 'cancelada', proximaEm: null }).where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id)));
      return 'cancelada';
    }
    await tx
      .update(mensagens)
      .set({ status: 'enviando', tentativas: sql`${mensagens.tentativas} + 1`, proximaEm: new Date(agora.getTime() + PRAZO_TENTATIVA_MS) })
      .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id)));
    const link = linha.login ? `${publicUrl}/cliente/${encodeURIComponent(linha.login)}` : null;
    const { assunto, texto } = avisoDeLancamento({
      ...linha.dados,
      nome: linha.nome,
      loja: linha.nome_loja,
      documento: linha.cnpj,
      link,
      language: linha.idioma as Language,
      currency: linha.moeda as Currency,
      timeZone: linha.fuso_horario,
    });
    return { canal: linha.canal, destino: linha.destino, assunto, texto, link };
  });
}

/** How an attempt ended: sent, or failed (tried again later, or given up after too many). */
async function registrar(db: Database, ownerId: string, id: string, erro: unknown, agora: Date): Promise<void> {
  await withSeller(db, ownerId, async (tx) => {
    const onde = and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id), eq(mensagens.status, 'enviando'));
    if (!erro) {
      await tx.update(mensagens).set({ status: 'enviada', enviadaEm: agora, proximaEm: null, erro: null }).where(onde);
      return;
    }
    const [linha] = await tx.select({ tentativas: mensagens.tentativas }).from(mensagens).where(onde);
    if (!linha) return;
    const desiste = linha.tentativas >= MAX_TENTATIVAS_MENSAGEM;
    await tx
      .update(mensagens)
      .set({
        status: desiste ? 'falhou' : 'pendente',
        proximaEm: desiste ? null : new Date(agora.getTime() + esperaAposFalha(linha.tentativas)),
        erro: motivoDaFalha(erro),
      })
      .where(onde);
  });
}

/** An attempt that never recorded its end (the instance died mid-send): given up, never sent twice. */
async function marcarInterrompida(db: Database, ownerId: string, id: string, agora: Date): Promise<boolean> {
  return withSeller(db, ownerId, async (tx) => {
    const feitas = await tx
      .update(mensagens)
      .set({ status: 'falhou', proximaEm: null, erro: ERRO_ENVIO_INTERROMPIDO })
      .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id), eq(mensagens.status, 'enviando'), sql`${mensagens.proximaEm} <= ${agora.toISOString()}::timestamptz`))
      .returning({ id: mensagens.id });
    return feitas.length > 0;
  });
}

/** What the message log keeps of a failure: the error's own words, short, never its stack or a query's values. */
function motivoDaFalha(erro: unknown): string {
  const safe = safeError(erro);
  return `${safe.message}`.slice(0, 300);
}
