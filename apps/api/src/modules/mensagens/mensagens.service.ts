import { and, desc, eq, sql } from 'drizzle-orm';
import {
  avisoDeLancamento,
  dateInTimeZone,
  dentroDaJanela,
  faixaDaEtapa,
  parametrosDoLembrete,
  proximaAbertura,
  type DadosLembrete,
  type MotivoLembreteCancelado,
  DEFAULT_TIME_ZONE,
  ERRO_ENVIO_INTERROMPIDO,
  ERRO_WHATSAPP_DESLIGADO,
  IDIOMA_MODELO,
  isMobilePhone,
  linkCliente,
  LANGUAGES,
  parametrosDoConvite,
  parametrosDoLancamento,
  whatsappPhone,
  esperaAposFalha,
  LANCAMENTOS_AVISADOS,
  MAX_TENTATIVAS_MENSAGEM,
  type CanalMensagem,
  type Currency,
  type ConteudoMensagem,
  type DadosMensagem,
  type Language,
  type LancamentoAvisado,
  type MensagemCliente,
  type MensagensCliente,
  type TipoLancamento,
} from '@caderneta/shared';
import type { Database, Executor } from '../../db/client';
import { withSeller } from '../../db/client';
import { clientes, cobrancaConfig, contestacaoAbertaSql, contestacoes, lembretes, mensagens, perfis } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import type { Mailer } from '../../mail/mailer';
import { WhatsappRecusou, type WaTemplateBody, type WhatsappClient } from '../../integrations/whatsapp/client';
import type { Cipher } from '../../lib/cipher';
import { loadContaWhatsapp, whatsappAtivo, type ContaWhatsapp } from './whatsapp.service';
import { safeError } from '../../security/log-redaction';
import { auditar } from '../auditoria/auditoria.service';

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
  telefone: string;
  email: string | null;
  avisosAtivos: boolean;
}

/**
 * The channel a customer is reached on, or null: the shop's WhatsApp when it is on and the
 * customer's phone is a mobile; else e-mail when they have an address (issue 38: the fallback).
 */
export function canalDe(cliente: DestinatarioAvisos, whatsappLigado: boolean): { canal: CanalMensagem; destino: string } | null {
  if (!cliente.avisosAtivos) return null;
  if (whatsappLigado && isMobilePhone(cliente.telefone)) return { canal: 'whatsapp', destino: whatsappPhone(cliente.telefone) };
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
  if (!avisado(lancamento.tipo) || !cliente.avisosAtivos) return;
  const destino = canalDe(cliente, await whatsappAtivo(tx, ownerId));
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

/**
 * "Pedir autorização pelo WhatsApp": the invitation template to a customer who has not consented,
 * at most once per shop day; their reply "SIM" is the consent. Refused while the shop's WhatsApp is
 * off, for a phone that is not a mobile, for a customer who already consented, and for one who said
 * PARAR (only they may come back: by replying SIM, or in the shop).
 */
export async function convidarParaAvisos(tx: Executor, ownerId: string, clienteId: string, agora: Date): Promise<MensagemCliente> {
  const [cliente] = await tx
    .select({ telefone: clientes.telefone, ativo: clientes.ativo, avisosAtivos: sql<boolean>`${avisosAtivosSql('clientes')}`, paradosPor: clientes.avisosParadosPor })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  if (!(await whatsappAtivo(tx, ownerId))) throw new AppError('WHATSAPP_DESLIGADO', 409, { message: 'Ative o WhatsApp Business da loja em Configurações → Mensagens.' });
  if (!isMobilePhone(cliente.telefone)) throw new AppError('TELEFONE_SEM_WHATSAPP', 409, { message: 'O telefone do cliente não é um celular: o WhatsApp não chega a ele.' });
  if (cliente.avisosAtivos) throw new AppError('AVISOS_JA_AUTORIZADOS', 409, { message: 'O cliente já autorizou os avisos.' });
  if (cliente.paradosPor === 'cliente') {
    throw new AppError('AVISOS_RECUSADOS', 409, { message: 'O cliente pediu para não receber avisos: só ele pode voltar a autorizar, respondendo SIM ou na loja.' });
  }
  const [perfil] = await tx.select({ fuso: perfis.fusoHorario }).from(perfis).where(eq(perfis.ownerId, ownerId));
  const hoje = dateInTimeZone(agora, perfil?.fuso ?? DEFAULT_TIME_ZONE);
  const dados: ConteudoMensagem = { tipo: 'convite', em: agora.toISOString() };
  const [criada] = await tx
    .insert(mensagens)
    .values({ ownerId, clienteId, chave: `convite:${hoje}`, canal: 'whatsapp', destino: whatsappPhone(cliente.telefone), dados })
    .onConflictDoNothing({ target: [mensagens.ownerId, mensagens.chave] })
    .returning(COLUNAS_DO_LOG);
  if (!criada) throw new AppError('CONVITE_JA_ENVIADO', 409, { message: 'Um convite já foi pedido hoje para este cliente.' });
  return itemDoLog(criada);
}

/** What the customer's message log reads of each message. */
const COLUNAS_DO_LOG = {
  id: mensagens.id,
  canal: mensagens.canal,
  destino: mensagens.destino,
  dados: mensagens.dados,
  status: mensagens.status,
  tentativas: mensagens.tentativas,
  enviadaEm: mensagens.enviadaEm,
  erro: mensagens.erro,
  createdAt: mensagens.createdAt,
};

function itemDoLog(m: Pick<typeof mensagens.$inferSelect, keyof typeof COLUNAS_DO_LOG>): MensagemCliente {
  return {
    id: m.id,
    canal: m.canal,
    destino: m.destino,
    tipo: m.dados.tipo,
    // A reminder tells what was owed (the balance, negative) and its step; an entry, its value and the balance after it.
    valor: m.dados.tipo === 'convite' || m.dados.tipo === 'lembrete' ? null : m.dados.valor,
    saldo: m.dados.tipo === 'convite' ? null : m.dados.tipo === 'lembrete' ? -m.dados.valor : m.dados.saldo,
    etapa: m.dados.tipo === 'lembrete' ? m.dados.etapa : null,
    vencimento: m.dados.tipo === 'lembrete' ? m.dados.vencimento : null,
    status: m.status,
    tentativas: m.tentativas,
    enviadaEm: m.enviadaEm?.toISOString() ?? null,
    // The reason of a failure as the seller may read it: the provider's words, never a stack.
    erro: m.status === 'falhou' || m.status === 'pendente' || m.status === 'cancelada' ? m.erro : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** How many of a customer's messages their log shows (newest first). */
export const MENSAGENS_NO_HISTORICO = 50;

/** The customer's message log (Detalhes): what the app wrote to them, and how it went. */
export async function listMensagens(tx: Executor, ownerId: string, clienteId: string): Promise<MensagensCliente> {
  const [cliente] = await tx.select({ id: clientes.id }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  const rows = await tx
    .select(COLUNAS_DO_LOG)
    .from(mensagens)
    .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.clienteId, clienteId)))
    .orderBy(desc(mensagens.createdAt), desc(mensagens.id))
    .limit(MENSAGENS_NO_HISTORICO);
  return { items: rows.map(itemDoLog) };
}

export interface EnvioDeps {
  mailer: Mailer;
  whatsapp: WhatsappClient;
  cipher: Cipher;
  clock: Clock;
  /** The customer page's links start here. */
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void };
}

/** How long an attempt may stay under way before it counts as interrupted (and is never retried). */
const PRAZO_TENTATIVA_MS = 10 * 60_000;
/** How many messages one round sends at most (the next round takes the rest). */
export const MENSAGENS_POR_RODADA = 1_000;
/**
 * How many sends of a round are under way at once: each message is claimed on its own, so they
 * never overlap; the provider's answer, not the database, is what a send waits for.
 */
export const ENVIOS_SIMULTANEOS = 8;

type Envio =
  | { canal: 'email'; destino: string; assunto: string; texto: string; link: string | null }
  | { canal: 'whatsapp'; credenciais: { phoneNumberId: string; accessToken: string }; body: WaTemplateBody };

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
  async function uma(devida: (typeof devidas)[number]) {
    if (devida.status === 'enviando') {
      if (await marcarInterrompida(db, devida.owner_id, devida.id, agora)) resultado.interrompidas++;
      return;
    }
    const envio = await reservar(db, deps, devida.owner_id, devida.id, agora);
    if (envio === 'cancelada') resultado.canceladas++;
    if (envio === 'falhou') resultado.falhas++;
    if (!envio || envio === 'cancelada' || envio === 'falhou') return;
    let erro: unknown = null;
    let externoId: string | null = null;
    try {
      externoId = await enviar(deps, envio);
    } catch (error) {
      erro = error;
      deps.log.warn({ err: error, mensagem: devida.id, canal: envio.canal }, 'message to a customer failed');
    }
    await registrar(db, devida.owner_id, devida.id, { erro, externoId }, deps.clock.now());
    if (erro) resultado.falhas++;
    else resultado.enviadas++;
  }
  let proxima = 0;
  const trabalhador = async () => {
    while (proxima < devidas.length) await uma(devidas[proxima++]!);
  };
  await Promise.all(Array.from({ length: Math.min(ENVIOS_SIMULTANEOS, devidas.length) }, trabalhador));
  return resultado;
}

/** Sends one message; answers the provider's id of it (WhatsApp's "wamid…"), or null (e-mail). */
async function enviar(deps: EnvioDeps, envio: Envio): Promise<string | null> {
  if (envio.canal === 'email') {
    await deps.mailer.send({ to: envio.destino, subject: envio.assunto, text: envio.texto, ...(envio.link ? { link: envio.link } : {}) });
    return null;
  }
  const resposta = await deps.whatsapp.sendTemplate(envio.credenciais, envio.body);
  return resposta.messages[0]?.id ?? null;
}

/**
 * Claims a pending message (skipping one another round holds) and writes what goes out:
 * 'enviando' until `agora` + the attempt's deadline. Null when it is no longer due; 'cancelada'
 * when the customer's consent ended meanwhile; 'falhou' when its WhatsApp was turned off.
 */
async function reservar(db: Database, deps: EnvioDeps, ownerId: string, id: string, agora: Date): Promise<Envio | 'cancelada' | 'falhou' | null> {
  return withSeller(db, ownerId, async (tx) => {
    const [linha] = await queryRows<{
      cliente_id: string;
      canal: CanalMensagem;
      destino: string;
      dados: ConteudoMensagem;
      nome: string;
      login: string | null;
      ativos: boolean;
      parados_por: string | null;
      nome_loja: string;
      cnpj: string | null;
      idioma: string;
      moeda: string;
      fuso_horario: string;
    }>(
      tx,
      sql`select m.cliente_id, m.canal, m.destino, m.dados, c.nome, c.login, ${avisosAtivosSql('c')} as ativos, c.avisos_parados_por as parados_por,
                 p.nome_loja, p.cnpj, p.idioma, p.moeda, p.fuso_horario
          from ${mensagens} m
          join ${clientes} c on c.owner_id = m.owner_id and c.id = m.cliente_id
          join ${perfis} p on p.owner_id = m.owner_id
          where m.owner_id = ${ownerId} and m.id = ${id} and m.status = 'pendente'
            and (m.proxima_em is null or m.proxima_em <= ${agora.toISOString()}::timestamptz)
          for update of m skip locked`,
    );
    if (!linha) return null;
    const onde = and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id));
    // A notice goes only while the consent holds; an invitation, only while there is none to give and the customer never said PARAR.
    const convite = linha.dados.tipo === 'convite';
    if (convite ? linha.ativos || linha.parados_por === 'cliente' : !linha.ativos) {
      await tx.update(mensagens).set({ status: 'cancelada', proximaEm: null }).where(onde);
      return 'cancelada';
    }
    const hoje = dateInTimeZone(agora, linha.fuso_horario);
    if (linha.dados.tipo === 'lembrete') {
      const lembrete = await lembreteAindaCabe(tx, ownerId, linha.cliente_id, hoje, agora, linha.fuso_horario);
      if (lembrete instanceof Date) {
        await tx.update(mensagens).set({ proximaEm: lembrete }).where(onde);
        return null;
      }
      if (lembrete) {
        await tx.update(mensagens).set({ status: 'cancelada', proximaEm: null, erro: lembrete }).where(onde);
        return 'cancelada';
      }
    }
    const conta = linha.canal === 'whatsapp' ? await loadContaWhatsapp(tx, ownerId, deps.cipher) : null;
    if (linha.canal === 'whatsapp' && !conta?.ativo) {
      await tx.update(mensagens).set({ status: 'falhou', proximaEm: null, erro: ERRO_WHATSAPP_DESLIGADO }).where(onde);
      return 'falhou';
    }
    await tx
      .update(mensagens)
      .set({ status: 'enviando', tentativas: sql`${mensagens.tentativas} + 1`, proximaEm: new Date(agora.getTime() + PRAZO_TENTATIVA_MS) })
      .where(onde);
    // Everything the message says is this customer's own row, this shop's profile and this entry.
    const link = linha.login ? linkCliente(deps.publicUrl, linha.login) : null;
    const language = (LANGUAGES as readonly string[]).includes(linha.idioma) ? (linha.idioma as Language) : 'pt-BR';
    const quem = { nome: linha.nome, loja: linha.nome_loja, documento: linha.cnpj, language };
    if (linha.dados.tipo === 'convite') {
      if (!conta) throw new Error('an invitation goes by WhatsApp only');
      return modeloWhatsapp(conta, linha.destino, conta.modelos.convite, language, parametrosDoConvite(quem));
    }
    if (linha.dados.tipo === 'lembrete') {
      if (conta) {
        const parametros = parametrosDoLembrete({ ...linha.dados, ...quem, hoje, link, currency: linha.moeda as Currency });
        return modeloWhatsapp(conta, linha.destino, conta.modelos.lembrete, language, parametros);
      }
      if (!linha.dados.email) throw new Error('a reminder by e-mail carries its text');
      return { canal: 'email', destino: linha.destino, ...linha.dados.email, link };
    }
    const fatos = { ...linha.dados, ...quem, link, currency: linha.moeda as Currency, timeZone: linha.fuso_horario };
    if (conta) return modeloWhatsapp(conta, linha.destino, conta.modelos.lancamento, language, parametrosDoLancamento(fatos));
    const { assunto, texto } = avisoDeLancamento(fatos);
    return { canal: 'email', destino: linha.destino, assunto, texto, link };
  });
}

/**
 * Just before a reminder goes: null when it still should; why not when the régua was turned off,
 * the debt was paid, a promise to pay was made or the customer disputed an entry since it was
 * queued; outside the shop's window (after an outage, say), the next opening it waits for.
 */
async function lembreteAindaCabe(tx: Executor, ownerId: string, clienteId: string, hoje: string, agora: Date, fuso: string): Promise<MotivoLembreteCancelado | Date | null> {
  const [estado] = await queryRows<{ ativa: boolean | null; dias: number[] | null; inicio: number | null; fim: number | null; deve: boolean; promessa: boolean; contestacao: boolean }>(
    tx,
    sql`select r.regua_ativa as ativa, r.regua_dias as dias, r.regua_inicio as inicio, r.regua_fim as fim,
               (c.ativo and c.saldo_atual < 0) as deve,
               coalesce(c.promessa_pagamento >= ${hoje}::date, false) as promessa,
               exists (select 1 from ${contestacoes} ct where ct.owner_id = c.owner_id and ct.cliente_id = c.id and ${contestacaoAbertaSql('ct')}) as contestacao
        from ${clientes} c left join ${cobrancaConfig} r on r.owner_id = c.owner_id
        where c.owner_id = ${ownerId} and c.id = ${clienteId}`,
  );
  if (!estado?.ativa) return 'regua_desligada';
  if (!estado.deve) return 'quitado';
  if (estado.promessa) return 'promessa';
  if (estado.contestacao) return 'contestacao';
  const janela = { dias: estado.dias!.map(Number), inicio: estado.inicio!, fim: estado.fim! };
  return dentroDaJanela(janela, agora, fuso) ? null : proximaAbertura(janela, agora, fuso);
}

/** A template message of the shop's number to `to`, its parameters in order. */
function modeloWhatsapp(conta: ContaWhatsapp, to: string, nome: string, language: Language, parametros: string[]): Envio {
  return {
    canal: 'whatsapp',
    credenciais: { phoneNumberId: conta.phoneNumberId, accessToken: conta.accessToken },
    body: {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: { name: nome, language: { code: IDIOMA_MODELO[language] }, components: [{ type: 'body', parameters: parametros.map((text) => ({ type: 'text', text })) }] },
    },
  };
}

/** How an attempt ended: sent, or failed (tried again later, or given up after too many). */
async function registrar(db: Database, ownerId: string, id: string, { erro, externoId }: { erro: unknown; externoId: string | null }, agora: Date): Promise<void> {
  await withSeller(db, ownerId, async (tx) => {
    const onde = and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, id), eq(mensagens.status, 'enviando'));
    if (!erro) {
      const [enviada] = await tx
        .update(mensagens)
        .set({ status: 'enviada', enviadaEm: agora, proximaEm: null, erro: null, externoId })
        .where(onde)
        .returning({ clienteId: mensagens.clienteId, dados: mensagens.dados });
      if (enviada?.dados.tipo === 'lembrete') await registrarLembreteAutomatico(tx, ownerId, enviada.clienteId, enviada.dados, agora);
      return;
    }
    const [linha] = await tx.select({ tentativas: mensagens.tentativas }).from(mensagens).where(onde);
    if (!linha) return;
    // WhatsApp refused it for good (a wrong token, a template not approved, a number not on WhatsApp): no retry.
    const desiste = linha.tentativas >= MAX_TENTATIVAS_MENSAGEM || erro instanceof WhatsappRecusou;
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

/**
 * A reminder of the régua went: recorded as the seller's "Enviado" records one — the reminder (by
 * nobody: criado_por is null), on the shop's calendar day, and the audit trail's row, by the system.
 */
async function registrarLembreteAutomatico(tx: Executor, ownerId: string, clienteId: string, dados: DadosLembrete, agora: Date): Promise<void> {
  const faixa = faixaDaEtapa(dados.etapa);
  const dia = sql`(${agora.toISOString()}::timestamptz at time zone p.fuso_horario)::date`;
  const [lembrete] = await queryRows<{ dias_atraso: number; nome: string }>(
    tx,
    sql`
      with novo as (
        insert into ${lembretes} (owner_id, cliente_id, faixa, dia, dias_atraso, valor, enviado_em, criado_por)
        select p.owner_id, ${clienteId}, ${faixa}, ${dia}, greatest(0, ${dia} - ${dados.vencimento}::date), ${dados.valor}, ${agora.toISOString()}::timestamptz, null
        from ${perfis} p where p.owner_id = ${ownerId}
        returning dias_atraso
      )
      select novo.dias_atraso, c.nome from novo join ${clientes} c on c.owner_id = ${ownerId} and c.id = ${clienteId}`,
  );
  if (!lembrete) return;
  await auditar(tx, ownerId, {
    acao: 'cliente.lembrete_enviado',
    autor: 'sistema',
    em: agora,
    registro: { tipo: 'cliente', id: clienteId, nome: lembrete.nome },
    clienteId,
    detalhes: { faixa, valor: dados.valor, diasAtraso: Number(lembrete.dias_atraso) },
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
