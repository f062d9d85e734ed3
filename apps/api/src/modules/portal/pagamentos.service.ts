import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { NOTAS_MERCADO_PAGO, pagamentoEmReais, PIX_NA_PAGINA_MINUTOS, valorPagavelOnline, valoresPagamentoOnline, type MetodoOnline, type PagamentoOnline as PagamentoOnlineDto, type StatusPagamentoOnline } from '@caderneta/shared';
import { withSeller, type Database, type Tx } from '../../db/client';
import { clientes, lancamentos, pagamentosOnline, perfis, type PagamentoOnline } from '../../db/schema';
import { MercadoPagoError, MercadoPagoUnavailable, type MpPayment, type PreferenceRequest } from '../../integrations/mercadopago/client';
import { checkSignature } from '../../integrations/mercadopago/signature';
import { AppError, notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import { auditar } from '../auditoria/auditoria.service';
import { lancar, referenciaCreditoMp, referenciaEstornoMp, travarCliente } from '../financeiro/razao.service';
import { notify } from '../notificacoes/notificacoes.service';
import type { PaymentDeps } from '../mercadopago/deps';
import { loadConta, mpIndisponivel, webhookUrl } from '../mercadopago/mercadopago.service';
import { parcelasEmVigor } from '../devedores/parcelamento.service';
import { clienteNaoEncontrado, withPortalCliente } from './lookup';

export const primeiroNome = (nome: string) => nome.trim().split(/\s+/)[0] ?? '';

/** A PIX of the page that can still be paid (waiting, not expired) at `agora`. */
const pixAberto = (row: PagamentoOnline, agora: Date): boolean =>
  row.pixCopiaCola !== null && row.pixQrCode !== null && row.pixExpiraEm !== null && row.status === 'pendente' && row.pixExpiraEm > agora;

export function toPagamentoDto(row: PagamentoOnline, { initPoint, agora }: { initPoint?: string; agora: Date }): PagamentoOnlineDto {
  return {
    id: row.id,
    metodo: row.metodo,
    status: row.status,
    valorBase: row.valorBase,
    taxa: row.taxa,
    valorTotal: row.valorTotal,
    ...(initPoint ? { initPoint } : {}),
    // A PIX of the page still waiting: its code while it can be paid; past its expiry, only that it
    // expired (Mercado Pago then cancels it, or says it was paid in the last second).
    ...(row.pixExpiraEm !== null && row.status === 'pendente'
      ? {
          pix: pixAberto(row, agora)
            ? { copiaCola: row.pixCopiaCola!, qrCode: row.pixQrCode!, expiraEm: row.pixExpiraEm.toISOString(), expirado: false }
            : { copiaCola: '', qrCode: '', expiraEm: row.pixExpiraEm.toISOString(), expirado: true },
        }
      : {}),
  };
}

/** Mercado Pago refuses `auto_return` with back URLs on the local machine. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0' || /^127\./.test(host);
}

const indisponivel = () =>
  new AppError('PAGAMENTO_ONLINE_INDISPONIVEL', 409, { message: 'O pagamento online não está disponível para esta loja.' });

/**
 * How long a payment Mercado Pago holds as pending (a PIX code generated and not paid, a card under
 * review) keeps the customer from starting another: a PIX code of Checkout Pro lasts a day.
 */
export const EM_ANDAMENTO_MS = 24 * 3600_000;
/** How long a started checkout that nobody paid yet is the one a new start of the same payment goes back to. */
const CHECKOUT_REAPROVEITADO_MS = 30 * 60_000;
/** A start whose checkout is still being created (a double tap, a second tab at the same moment). */
const CHECKOUT_CRIANDO_MS = 60_000;

const emAndamento = (record: Pick<PagamentoOnline, 'id' | 'metodo' | 'valorTotal' | 'createdAt' | 'pixExpiraEm'>) =>
  new AppError('PAGAMENTO_ONLINE_EM_ANDAMENTO', 409, {
    message:
      record.pixExpiraEm !== null
        ? `Você já tem um PIX gerado e ainda não pago. Pague-o pelo código, ou gere outro quando ele expirar (em até ${PIX_NA_PAGINA_MINUTOS} minutos).`
        : 'Você já tem um pagamento online em andamento. Se já pagou, aguarde a confirmação. Se não, um novo pagamento poderá ser iniciado quando esse for recusado ou expirar (em até 24 horas).',
    details: { pagamentoId: record.id, metodo: record.metodo, valorTotal: record.valorTotal, criadoEm: record.createdAt.toISOString() },
  });

/**
 * "Pagar Saldo Pendente": our record first (its id is the preference's external_reference), then
 * a Checkout Pro preference created with the seller's token for the amount the server computes
 * from the customer's pending balance (plus the card fee), restricted to the chosen method.
 * No transaction is held open while Mercado Pago answers.
 *
 * One payment at a time, so a customer never pays the balance twice (ADR 010): the customer's row
 * is locked first, so simultaneous starts take turns, and then
 * - a payment Mercado Pago holds as pending, started in the last 24 hours, refuses the start (409
 *   PAGAMENTO_ONLINE_EM_ANDAMENTO: the page shows it and its "Verificar Status"); once it is paid,
 *   refused or cancelled, or a day has passed, a new one may start;
 * - a checkout of the same method and amount started in the last 30 minutes and not paid is
 *   answered again (same record, same checkout address) instead of opening a second one; one whose
 *   checkout is still being created by a simultaneous start refuses the start as above.
 */
export async function iniciarPagamento(
  db: Database,
  login: string,
  metodo: MetodoOnline,
  deps: PaymentDeps,
  { naPagina = false, parcela = false }: { naPagina?: boolean; parcela?: boolean } = {},
): Promise<PagamentoOnlineDto> {
  const agora = deps.clock.now();
  const pixNaPagina = metodo === 'pix' && naPagina;
  const prep = await withPortalCliente(db, login, async (tx, ownerId, clienteId) => {
    const [cliente] = await tx
      .select({ nome: clientes.nome, email: clientes.email, ativo: clientes.ativo, saldoAtual: clientes.saldoAtual })
      .from(clientes)
      .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)))
      .for('update');
    if (!cliente?.ativo) throw clienteNaoEncontrado();
    const conta = await loadConta(tx, ownerId, deps.cipher);
    if (!conta?.ativo || !conta.accessToken) throw indisponivel();
    const [perfil] = await tx.select({ nomeLoja: perfis.nomeLoja, moeda: perfis.moeda }).from(perfis).where(eq(perfis.ownerId, ownerId));
    // Mercado Pago charges in reais: a shop keeping its books in another currency offers no payment (ADR 028).
    if (!pagamentoEmReais(perfil?.moeda ?? 'BRL')) throw indisponivel();
    // With instalments the customer may pay what falls due on the open one instead of it all (ADR 046).
    const emVigor = parcela && cliente.saldoAtual < 0 ? await parcelasEmVigor(tx, ownerId, clienteId, -cliente.saldoAtual) : null;
    const pendente = valorPagavelOnline(emVigor ? emVigor.devido : -cliente.saldoAtual);
    if (pendente === 0) throw new AppError('SEM_SALDO_PENDENTE', 409, { message: 'Não há saldo pendente para pagar.' });
    const valores = valoresPagamentoOnline(pendente, metodo);

    const recentes = await tx
      .select()
      .from(pagamentosOnline)
      .where(
        and(
          eq(pagamentosOnline.ownerId, ownerId),
          eq(pagamentosOnline.clienteId, clienteId),
          inArray(pagamentosOnline.status, ['criado', 'pendente']),
          gt(pagamentosOnline.createdAt, new Date(agora.getTime() - EM_ANDAMENTO_MS)),
          // A PIX of the page past its expiry can no longer be paid: it holds nothing back.
          or(isNull(pagamentosOnline.pixExpiraEm), gt(pagamentosOnline.pixExpiraEm, agora)),
        ),
      )
      .orderBy(desc(pagamentosOnline.createdAt));
    const pendenteMp = recentes.find((r) => r.status === 'pendente');
    // The same PIX asked for again (the page reopened, a second tap): the code already generated.
    if (pendenteMp && pixNaPagina && pixAberto(pendenteMp, agora) && pendenteMp.valorTotal === valores.valorTotal) return { reaproveitado: pendenteMp };
    if (pendenteMp) throw emAndamento(pendenteMp);
    const idade = (r: PagamentoOnline) => agora.getTime() - r.createdAt.getTime();
    const mesmo = recentes.find((r) => r.metodo === metodo && r.valorTotal === valores.valorTotal && idade(r) < CHECKOUT_REAPROVEITADO_MS);
    if (mesmo?.initPoint && !pixNaPagina) return { reaproveitado: mesmo };
    if (mesmo && idade(mesmo) < CHECKOUT_CRIANDO_MS) throw emAndamento(mesmo);

    const [record] = await tx
      .insert(pagamentosOnline)
      .values({ ownerId, clienteId, metodo, ...valores, ambiente: conta.ambiente })
      .returning();
    return {
      reaproveitado: null,
      ownerId,
      clienteId,
      record: record!,
      token: conta.accessToken,
      nomeLoja: perfil?.nomeLoja ?? '',
      nome: primeiroNome(cliente.nome),
      email: cliente.email,
    };
  }, 'escrita');
  if (prep.reaproveitado !== null) return toPagamentoDto(prep.reaproveitado, { initPoint: pixNaPagina ? undefined : (prep.reaproveitado.initPoint ?? undefined), agora });
  if (pixNaPagina) return criarPixNaPagina(db, prep, deps, agora);

  const { record } = prep;
  const back = (page: string) => `${deps.publicUrl}/cliente/${encodeURIComponent(login)}/${page}?pagamento=${record.id}`;
  const body: PreferenceRequest = {
    items: [
      {
        id: record.id,
        title: descricaoDoPagamento(prep),
        quantity: 1,
        valorUnitario: record.valorTotal,
        currency_id: 'BRL',
      },
    ],
    payment_methods:
      metodo === 'pix'
        ? {
            excluded_payment_types: [{ id: 'credit_card' }, { id: 'debit_card' }, { id: 'prepaid_card' }, { id: 'ticket' }, { id: 'atm' }],
            installments: 1,
            default_payment_method_id: 'pix',
          }
        : { excluded_payment_types: [{ id: 'bank_transfer' }, { id: 'ticket' }, { id: 'atm' }], installments: record.parcelasMax },
    back_urls: { success: back('pagamento-sucesso'), failure: back('pagamento-erro'), pending: back('pagamento-pendente') },
    ...(isLocalUrl(deps.publicUrl) ? {} : { auto_return: 'approved' as const }),
    external_reference: record.id,
    notification_url: webhookUrl(deps.publicUrl, prep.ownerId),
    metadata: metadadosDoPagamento(prep),
  };

  let preference;
  try {
    preference = await deps.mp.createPreference(prep.token, body, record.id);
  } catch (error) {
    return semPagamento(db, prep, deps, error, 'the preference');
  }
  await withSeller(db, prep.ownerId, (tx) =>
    tx
      .update(pagamentosOnline)
      .set({ preferenceId: preference.id, initPoint: preference.init_point, updatedAt: sql`now()` })
      .where(and(eq(pagamentosOnline.ownerId, prep.ownerId), eq(pagamentosOnline.id, record.id))),
  );
  return toPagamentoDto(record, { initPoint: preference.init_point, agora });
}

/** A started payment as Mercado Pago gets it: what it is for, and our record in its metadata. */
type Iniciado = { ownerId: string; clienteId: string; record: PagamentoOnline; nomeLoja: string; nome: string };

const descricaoDoPagamento = (prep: Iniciado) => `${prep.nomeLoja} — saldo de ${prep.nome}`.slice(0, 250);
const metadadosDoPagamento = ({ clienteId, record }: Iniciado) => ({
  cliente_id: clienteId,
  tipo_pagamento: record.metodo,
  valor_original: record.valorBase,
  taxa_aplicada: record.taxa,
});

/**
 * Mercado Pago made no checkout or PIX to pay: the record is closed, so it no longer holds the
 * customer's next start back, and the customer is told Mercado Pago could not be reached.
 */
async function semPagamento(db: Database, prep: Iniciado, deps: PaymentDeps, error: unknown, oQue: string): Promise<never> {
  const { record } = prep;
  await withSeller(db, prep.ownerId, (tx) =>
    tx
      .update(pagamentosOnline)
      .set({ status: 'recusado', updatedAt: sql`now()` })
      .where(and(eq(pagamentosOnline.ownerId, prep.ownerId), eq(pagamentosOnline.id, record.id))),
  ).catch((markError: unknown) => deps.log.warn({ err: markError, pagamento: record.id }, `online payment without ${oQue} not closed`));
  if (error instanceof MercadoPagoError || error instanceof MercadoPagoUnavailable) {
    deps.log.warn({ err: error, pagamento: record.id }, `Mercado Pago refused or did not answer ${oQue}`);
    throw mpIndisponivel();
  }
  throw error;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * A PIX paid in the customer page (issue 38): Mercado Pago's payments API makes the payment — its
 * QR Code and copia-e-cola, payable for PIX_NA_PAGINA_MINUTOS — for the amount our record holds,
 * keyed by the record (a retry makes no second payment). The webhook credits it like any other
 * (aplicarPagamentoMp). Mercado Pago asks for the payer's e-mail: the customer's when the shop has
 * it, else the shop's own Mercado Pago account's (where the receipt then goes).
 */
async function criarPixNaPagina(
  db: Database,
  prep: Iniciado & { token: string; email: string | null },
  deps: PaymentDeps,
  agora: Date,
): Promise<PagamentoOnlineDto> {
  const { record } = prep;
  let pix;
  try {
    const email = prep.email && EMAIL.test(prep.email) ? prep.email : (await deps.mp.getMe(prep.token)).email;
    if (!email || !EMAIL.test(email)) throw new MercadoPagoError(400, 'no payer e-mail: neither the customer nor the account has one');
    pix = await deps.mp.createPixPayment(
      prep.token,
      {
        valor: record.valorTotal,
        description: descricaoDoPagamento(prep),
        payer: { email, first_name: prep.nome.slice(0, 60) },
        external_reference: record.id,
        notification_url: webhookUrl(deps.publicUrl, prep.ownerId),
        expiraEm: new Date(agora.getTime() + PIX_NA_PAGINA_MINUTOS * 60_000),
        metadata: metadadosDoPagamento(prep),
      },
      record.id,
    );
  } catch (error) {
    return semPagamento(db, prep, deps, error, 'the PIX');
  }
  const [salvo] = await withSeller(db, prep.ownerId, (tx) =>
    tx
      .update(pagamentosOnline)
      .set({
        mpPaymentId: String(pix.payment.id),
        status: statusDe(pix.payment.status),
        statusMp: pix.payment.status.slice(0, 40),
        pixCopiaCola: pix.copiaCola,
        pixQrCode: `data:image/png;base64,${pix.qrCodeBase64}`,
        pixExpiraEm: pix.expiraEm,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pagamentosOnline.ownerId, prep.ownerId), eq(pagamentosOnline.id, record.id)))
      .returning(),
  );
  return toPagamentoDto(salvo ?? record, { agora });
}

/**
 * Mercado Pago's payment status, in our terms. Only `approved` is money received: `authorized` is
 * a card hold not yet captured, which may still end `cancelled` (and a cancellation reverses
 * nothing), so it waits as pending.
 */
export function statusDe(status: string): StatusPagamentoOnline {
  switch (status) {
    case 'approved':
      return 'aprovado';
    case 'refunded':
    case 'charged_back':
      return 'estornado';
    case 'rejected':
    case 'cancelled':
      return 'recusado';
    default:
      return 'pendente'; // pending, in_process, in_mediation, authorized
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lancamentoPorReferencia(tx: Tx, ownerId: string, referencia: string) {
  const [row] = await tx
    .select({ id: lancamentos.id })
    .from(lancamentos)
    .where(and(eq(lancamentos.ownerId, ownerId), eq(lancamentos.referenciaExterna, referencia)));
  return row ?? null;
}

/**
 * The one path by which a Mercado Pago payment changes anything — webhook, "Verificar Status"
 * and the periodic re-check all end here, with a payment fetched from Mercado Pago with the
 * seller's token (never what a caller sent). Under the record's row lock:
 * - approved, with amount and currency equal to our record → one ledger credit (method online,
 *   allocated oldest first, keyed `mp:<payment id>` so duplicates post nothing), a receipt (the
 *   entry) and the "Pagamento recebido" notification;
 * - amount or currency different → not credited, the record is flagged `divergente`;
 * - refunded / charged back → the credit, if it was posted, is reversed once (`mp-estorno:<id>`);
 *   a refund seen before the approval simply never credits.
 * Returns null when the payment is not one of this seller's records.
 */
async function nomeDoCliente(tx: Tx, ownerId: string, clienteId: string): Promise<string> {
  const [cliente] = await tx.select({ nome: clientes.nome }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  return cliente?.nome ?? '';
}

export async function aplicarPagamentoMp(tx: Tx, ownerId: string, payment: MpPayment, deps: Pick<PaymentDeps, 'log'>): Promise<PagamentoOnline | null> {
  const referencia = payment.external_reference ?? '';
  if (!UUID.test(referencia)) return null;
  const [record] = await tx
    .select()
    .from(pagamentosOnline)
    .where(and(eq(pagamentosOnline.ownerId, ownerId), eq(pagamentosOnline.id, referencia)))
    .for('update');
  if (!record) return null;

  const mpId = String(payment.id);
  const status = statusDe(payment.status);
  const recebido = payment.valor;
  const divergencia =
    payment.currency_id !== 'BRL'
      ? `moeda ${String(payment.currency_id).slice(0, 8)}`
      : recebido !== record.valorTotal
        ? `valor ${recebido} centavos, esperado ${record.valorTotal}`
        : null;

  let lancamentoId = record.lancamentoId;
  let novoStatus: StatusPagamentoOnline = status;
  if (status === 'aprovado' && divergencia) {
    novoStatus = 'divergente';
    deps.log.warn({ pagamento: record.id, mpPayment: mpId, divergencia }, 'online payment not credited: it does not match our record');
    // The seller must see it (the customer paid something): once, when the record turns divergent.
    if (record.status !== 'divergente' && record.status !== 'aprovado') {
      await notify(tx, ownerId, 'pagamento_divergente', {
        clienteId: record.clienteId,
        cliente: await nomeDoCliente(tx, ownerId, record.clienteId),
        valor: record.valorTotal,
        pagamentoId: record.id,
      });
    }
  } else if (status === 'aprovado') {
    // Through the ledger's one door, as a payment at the counter: "Pagamento recebido" with it.
    const cliente = await travarCliente(tx, ownerId, record.clienteId);
    const movimento = await lancar(tx, ownerId, cliente, {
      tipo: 'pagamento',
      valor: record.valorBase,
      metodo: 'online',
      descricao: NOTAS_MERCADO_PAGO[record.metodo === 'pix' ? 'pix' : 'cartao'],
      referenciaExterna: referenciaCreditoMp(mpId),
    });
    if (movimento) {
      lancamentoId = movimento.lancamento.id;
      await auditarPagamentoOnline(tx, ownerId, 'pagamento_online.creditado', record, cliente.nome, movimento, mpId);
    }
  } else if (status === 'estornado') {
    const credito = await lancamentoPorReferencia(tx, ownerId, referenciaCreditoMp(mpId));
    if (credito) {
      const cliente = await travarCliente(tx, ownerId, record.clienteId);
      const estorno = await lancar(tx, ownerId, cliente, {
        tipo: 'estorno',
        valor: -record.valorBase,
        metodo: 'online',
        descricao: NOTAS_MERCADO_PAGO[payment.status === 'charged_back' ? 'contestacao' : 'reembolso'],
        referenciaExterna: referenciaEstornoMp(mpId),
      });
      if (estorno) await auditarPagamentoOnline(tx, ownerId, 'pagamento_online.estornado', record, cliente.nome, estorno, mpId);
    }
  }

  // Another attempt on the same checkout (e.g. rejected after an approved one) does not hide
  // the approved payment: the record follows the payment that matters.
  const outroPagamento = record.mpPaymentId !== null && record.mpPaymentId !== mpId;
  const manterRegistro = outroPagamento && record.status === 'aprovado' && novoStatus !== 'aprovado';
  const [updated] = await tx
    .update(pagamentosOnline)
    .set({
      ...(manterRegistro ? {} : { mpPaymentId: mpId, status: novoStatus, statusMp: payment.status.slice(0, 40) }),
      ...(novoStatus === 'divergente' && !manterRegistro ? { divergencia } : {}),
      lancamentoId,
      verificadoEm: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pagamentosOnline.ownerId, ownerId), eq(pagamentosOnline.id, record.id)))
    .returning();
  return updated ?? null;
}

/** Mercado Pago's credit, or its reversal, in the audit trail: by Mercado Pago, on the customer. */
async function auditarPagamentoOnline(
  tx: Tx,
  ownerId: string,
  acao: 'pagamento_online.creditado' | 'pagamento_online.estornado',
  record: PagamentoOnline,
  nome: string,
  movimento: { saldoAntes: number; saldoAtual: number },
  mpId: string,
) {
  await auditar(tx, ownerId, {
    acao,
    autor: 'mercado_pago',
    registro: { tipo: 'cliente', id: record.clienteId, nome },
    clienteId: record.clienteId,
    mudancas: [{ campo: 'saldo', antes: movimento.saldoAntes, depois: movimento.saldoAtual }],
    detalhes: { valor: record.valorBase, metodoOnline: record.metodo, pagamentoMp: mpId },
  });
}

async function fetchPagamentos(token: string, record: PagamentoOnline, deps: PaymentDeps): Promise<MpPayment[]> {
  const found = await deps.mp.searchPayments(token, record.id);
  if (record.mpPaymentId && !found.some((p) => String(p.id) === record.mpPaymentId)) {
    const known = await deps.mp.getPayment(token, record.mpPaymentId);
    if (known) found.push(known);
  }
  // Oldest first, so the last state applied is the newest payment's.
  return found.filter((p) => p.external_reference === record.id).sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Asks Mercado Pago about one of our records (search by external_reference, plus the payment we
 * already know) and applies what it says through the same once-only path as the webhook, so a
 * lost webhook loses no payment.
 */
export async function verificarPagamento(db: Database, ownerId: string, pagamentoId: string, deps: PaymentDeps): Promise<PagamentoOnline> {
  const { record, conta } = await withSeller(db, ownerId, async (tx) => {
    const [record] = await tx
      .select()
      .from(pagamentosOnline)
      .where(and(eq(pagamentosOnline.ownerId, ownerId), eq(pagamentosOnline.id, pagamentoId)));
    if (!record) throw notFound('Pagamento');
    return { record, conta: await loadConta(tx, ownerId, deps.cipher) };
  });
  if (!conta?.accessToken) return record;
  let pagamentos: MpPayment[];
  try {
    pagamentos = await fetchPagamentos(conta.accessToken, record, deps);
  } catch (error) {
    if (error instanceof MercadoPagoError || error instanceof MercadoPagoUnavailable) {
      deps.log.warn({ err: error, pagamento: record.id }, 'could not check the payment with Mercado Pago');
      throw mpIndisponivel();
    }
    throw error;
  }
  return withSeller(db, ownerId, async (tx) => {
    let latest = record;
    for (const payment of pagamentos) latest = (await aplicarPagamentoMp(tx, ownerId, payment, deps)) ?? latest;
    if (pagamentos.length === 0) {
      const [touched] = await tx
        .update(pagamentosOnline)
        .set({ verificadoEm: sql`now()` })
        .where(and(eq(pagamentosOnline.ownerId, ownerId), eq(pagamentosOnline.id, record.id)))
        .returning();
      latest = touched ?? latest;
    }
    return latest;
  });
}

/**
 * "Verificar Status" on the result page: the customer's own record only, and only while the
 * customer is active (a deactivated customer's link answers like an unknown code, as the page does).
 */
export async function verificarPagamentoCliente(db: Database, login: string, pagamentoId: string, deps: PaymentDeps): Promise<PagamentoOnlineDto> {
  const ownerId = await withPortalCliente(db, login, async (tx, ownerId, clienteId) => {
    const [cliente] = await tx.select({ ativo: clientes.ativo }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
    if (!cliente?.ativo) throw clienteNaoEncontrado();
    const [record] = await tx
      .select({ id: pagamentosOnline.id })
      .from(pagamentosOnline)
      .where(and(eq(pagamentosOnline.ownerId, ownerId), eq(pagamentosOnline.id, pagamentoId), eq(pagamentosOnline.clienteId, clienteId)));
    if (!record) throw notFound('Pagamento');
    return ownerId;
  });
  return toPagamentoDto(await verificarPagamento(db, ownerId, pagamentoId, deps), { agora: deps.clock.now() });
}

export interface WebhookInput {
  dataId?: string;
  type?: string;
  xSignature?: string | string[];
  xRequestId?: string | string[];
}

/**
 * Checks the webhooks of an id with no secret (no such seller, or no Mercado Pago set up): a secret
 * nobody has, made once per process, so the work and the answer are those of a bad signature.
 */
const SEGREDO_DE_NINGUEM = randomBytes(32).toString('hex');

/**
 * A notification on the seller's webhook URL. The signature is checked with the seller's secret
 * before anything else; then the payment is fetched from Mercado Pago with the seller's token and
 * only that answer is applied. Another seller's payment id is unknown to this seller's account
 * (404 from Mercado Pago) and changes nothing. An id without a secret (unknown, or a seller
 * without Mercado Pago) is answered exactly as a bad signature (401, same body, same work), so
 * the URL tells nobody which seller ids exist.
 */
export async function receberWebhook(db: Database, ownerId: string, input: WebhookInput, deps: PaymentDeps): Promise<'aplicado' | 'ignorado'> {
  const conta = await withSeller(db, ownerId, (tx) => loadConta(tx, ownerId, deps.cipher));
  const failure = checkSignature({
    xSignature: input.xSignature,
    xRequestId: input.xRequestId,
    dataId: input.dataId,
    secret: conta?.webhookSecret ?? SEGREDO_DE_NINGUEM,
    now: deps.clock.now().getTime(),
  });
  if (failure || !conta?.webhookSecret) {
    deps.log.warn({ reason: conta?.webhookSecret ? failure : 'no webhook secret for this id' }, 'Mercado Pago webhook refused: bad signature');
    throw new AppError('MP_ASSINATURA_INVALIDA', 401, { message: 'Assinatura inválida' });
  }
  if ((input.type && input.type !== 'payment') || !input.dataId || !conta.accessToken) return 'ignorado';
  let payment: MpPayment | null;
  try {
    payment = await deps.mp.getPayment(conta.accessToken, input.dataId);
  } catch (error) {
    if (error instanceof MercadoPagoError || error instanceof MercadoPagoUnavailable) {
      deps.log.warn({ err: error }, 'could not fetch a notified payment from Mercado Pago');
      throw mpIndisponivel();
    }
    throw error;
  }
  if (!payment) throw notFound('Pagamento');
  const applied = await withSeller(db, ownerId, (tx) => aplicarPagamentoMp(tx, ownerId, payment, deps));
  return applied ? 'aplicado' : 'ignorado';
}

/**
 * The periodic re-check: recent records still waiting (created or pending) are asked about
 * again — the only way in for payments made with test credentials, which send no webhooks. Young
 * records are checked often, older ones less (a quarter of their age, at most every 30 minutes),
 * for three days. The cross-seller list is read as `app_lookup`; each check runs in its seller's
 * scope.
 */
export async function recheckPendentes(db: Database, deps: PaymentDeps, limit = 50): Promise<{ verificados: number; falhas: number }> {
  const due = await db.transaction(async (tx) => {
    await tx.execute(sql`set local role app_lookup`);
    return queryRows<{ owner_id: string; id: string }>(
      tx,
      sql`select owner_id, id from ${pagamentosOnline}
          where status in ('criado', 'pendente') and created_at > now() - interval '3 days'
            and (verificado_em is null
                 or verificado_em < now() - least(interval '30 minutes', greatest(interval '1 minute', (now() - created_at) / 4)))
          order by created_at desc limit ${limit}`,
    );
  });
  let falhas = 0;
  for (const row of due) {
    try {
      await verificarPagamento(db, row.owner_id, row.id, deps);
    } catch (error) {
      falhas++;
      deps.log.warn({ err: error, pagamento: row.id }, 'payment re-check failed');
    }
  }
  return { verificados: due.length - falhas, falhas };
}
