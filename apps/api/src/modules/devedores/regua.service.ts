import { and, eq, gte, inArray, like, sql } from 'drizzle-orm';
import {
  addDays,
  avisoDeLembrete,
  chaveDoLembrete,
  ehDiaDeEnvio,
  etapaDaRegua,
  faixaDaEtapa,
  horaNoFuso,
  instanteLocal,
  mensagemDaFaixa,
  montarMensagem,
  mensagensPadrao,
  valoresDaMensagem,
  type DadosLembrete,
  type EtapaRegua,
} from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, contestacaoAbertaSql, contestacoes, mensagens } from '../../db/schema';
import { queryRows } from '../../lib/sql';
import { avisosAtivosSql, canalDe } from '../mensagens/mensagens.service';
import { whatsappAtivo } from '../mensagens/whatsapp.service';
import { lerConfigHoje, pixDaLoja, type ConfigComHoje } from './cobranca-config.service';
import { devedoresSql, ehDevedor, type Contexto } from './devedores.sql';
import { proximasParcelas } from './parcelamento.service';

/*
 * The régua that runs by itself (issue 38, item 3; docs/decisions/045). Once a shop-day (the job
 * "regua", in the shop's time zone, once across instances) each debtor who consented gets the step
 * of the régua they reached — before the due date, on the day, each overdue tier — once per due
 * date, queued in the outbox for the window's opening; the sending job checks again just before it
 * goes (paid, a promise, a dispute, the régua turned off) and records it as a reminder once sent.
 */

/** What one day's run did for a shop. */
export interface PlanoDoDia {
  /** Reminders queued now. */
  enfileirados: number;
  /** Debtors whose step was due but did not fit the daily cap (they go on the next sending day). */
  adiados: number;
  /** Why nothing was queued: the régua is off, today is not a sending day, or the window closed. */
  motivo: 'desligada' | 'fora_do_dia' | 'janela_fechada' | null;
}

interface Candidato {
  id: string;
  nome: string;
  telefone: string;
  email: string | null;
  login: string | null;
  saldo_atual: number | string;
  vencimento: string;
  dias: number;
}

/**
 * Queues today's reminders of one shop (idempotent: a step already queued for a due date is never
 * queued again, so a second run, the settings' save or an instance taking over adds nothing).
 */
export async function planejarLembretes(tx: Executor, ownerId: string, agora: Date, publicUrl: string): Promise<PlanoDoDia> {
  const config = await lerConfigHoje(tx, ownerId, agora);
  const { regua, fuso, hoje } = config;
  if (!regua.ativa) return { enfileirados: 0, adiados: 0, motivo: 'desligada' };
  if (!ehDiaDeEnvio(regua, hoje)) return { enfileirados: 0, adiados: 0, motivo: 'fora_do_dia' };
  const { minutos } = horaNoFuso(agora, fuso);
  // Past today's window the day is over: tomorrow's run sends the step then reached.
  if (minutos >= regua.fim * 60) return { enfileirados: 0, adiados: 0, motivo: 'janela_fechada' };
  // Before the window opens, what is queued waits for it.
  const abertura = minutos < regua.inicio * 60 ? instanteLocal(hoje, regua.inicio * 60, fuso) : null;

  const [{ n: jaHoje } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mensagens)
    .where(and(eq(mensagens.ownerId, ownerId), like(mensagens.chave, 'lembrete:%'), gte(mensagens.createdAt, instanteLocal(hoje, 0, fuso))));
  const vagas = regua.limiteDiario - Number(jaHoje);

  // The step before the due date follows the shop's "Lembrete antes do vencimento" (off: none).
  const antecedencia = config.lembreteAntecipado ? config.diasAntecedencia : 0;
  const candidatos = await debtorsDue(tx, config, ownerId, antecedencia);
  const etapas = candidatos.map((c) => ({ c, etapa: etapaDaRegua(c.vencimento, hoje, antecedencia)! }));
  const chaves = etapas.map(({ c, etapa }) => chaveDoLembrete(c.id, c.vencimento, etapa));
  const enviadas = new Set<string>();
  for (let i = 0; i < chaves.length; i += 1_000) {
    const lote = chaves.slice(i, i + 1_000);
    const rows = await tx.select({ chave: mensagens.chave }).from(mensagens).where(and(eq(mensagens.ownerId, ownerId), inArray(mensagens.chave, lote)));
    for (const r of rows) enviadas.add(r.chave);
  }

  const whatsappLigado = await whatsappAtivo(tx, ownerId);
  // A debtor with instalments is reminded of what falls due on the instalment's date, not of all they owe (ADR 046).
  const parcelas = await proximasParcelas(tx, ownerId, candidatos.map((c) => ({ id: c.id, saldoPendente: -Number(c.saldo_atual) })));
  const novas: (typeof mensagens.$inferInsert)[] = [];
  let adiados = 0;
  for (const [i, { c, etapa }] of etapas.entries()) {
    const chave = chaves[i]!;
    if (enviadas.has(chave)) continue;
    const destino = canalDe({ id: c.id, telefone: c.telefone, email: c.email, avisosAtivos: true }, whatsappLigado);
    if (!destino) continue;
    if (novas.length >= vagas) {
      adiados++;
      continue;
    }
    const valor = parcelas.get(c.id)?.devido ?? -Number(c.saldo_atual);
    const dados: DadosLembrete = {
      tipo: 'lembrete',
      etapa,
      vencimento: c.vencimento,
      valor,
      dia: hoje,
      em: agora.toISOString(),
      email: destino.canal === 'email' ? emailDoLembrete(config, etapa, c, valor, publicUrl) : null,
    };
    // Never before the instant of the run: a run "as if at" a later instant (jobs -- run regua --at)
    // queues for then, and the sender's own clock leaves it until then.
    novas.push({ ownerId, clienteId: c.id, chave, ...destino, dados, proximaEm: abertura ?? agora, createdAt: agora });
  }
  for (let i = 0; i < novas.length; i += 500) {
    await tx
      .insert(mensagens)
      .values(novas.slice(i, i + 500))
      .onConflictDoNothing({ target: [mensagens.ownerId, mensagens.chave] });
  }
  return { enfileirados: novas.length, adiados, motivo: null };
}

/**
 * The debtors who consented and reached a step today: due within `antecedencia` days, with no promise to pay still open (a broken one lets the régua go on) and no dispute
 * open. The oldest due date first, then the largest debt: what the daily cap keeps.
 */
async function debtorsDue(tx: Executor, config: ConfigComHoje, ownerId: string, antecedencia: number): Promise<Candidato[]> {
  const ctx: Contexto = { ownerId, regra: config.regra, fuso: config.fuso, hoje: config.hoje };
  const filtro = sql`${ehDevedor} and ${avisosAtivosSql('c')} and (c.promessa_pagamento is null or c.promessa_pagamento < ${config.hoje}::date)`;
  return queryRows<Candidato>(
    tx,
    sql`
      select d.id, d.nome, d.telefone, d.login, d.saldo_atual::bigint as saldo_atual, to_char(d.vencimento, 'YYYY-MM-DD') as vencimento, d.dias::int as dias,
             (select e.email from ${clientes} e where e.owner_id = ${ownerId} and e.id = d.id) as email
      from ${devedoresSql(ctx, filtro, { calcular: true })}
      where d.vencimento <= ${addDays(config.hoje, antecedencia)}::date
        and not exists (select 1 from ${contestacoes} ct where ct.owner_id = ${ownerId} and ct.cliente_id = d.id and ${contestacaoAbertaSql('ct')})
      order by d.vencimento, d.saldo_atual, d.id
    `,
  );
}

/** The e-mail of a step: the shop's own collection message of the step's tier, filled in for this customer. */
function emailDoLembrete(config: ConfigComHoje, etapa: EtapaRegua, c: Candidato, valor: number, publicUrl: string): DadosLembrete['email'] {
  const tipo = mensagemDaFaixa(faixaDaEtapa(etapa));
  const template = config.personalizadas[tipo] ?? mensagensPadrao(config.idioma)[tipo];
  const devedor = { nome: c.nome, login: c.login, saldoPendente: valor, dataVencimento: c.vencimento, diasEmAtraso: Number(c.dias), pix: pixDaLoja(config, valor) };
  const valores = valoresDaMensagem(devedor, { nome: config.nomeLoja, idioma: config.idioma, moeda: config.moeda }, publicUrl);
  const mensagem = montarMensagem({ tipo, template, valores, documento: config.documento, language: config.idioma });
  return avisoDeLembrete({ loja: config.nomeLoja, mensagem, documento: config.documento, temPagina: c.login !== null, language: config.idioma });
}
