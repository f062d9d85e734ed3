/**
 * A fake Mercado Pago for development and tests, on loopback: Checkout Pro preferences, a
 * checkout page whose buttons approve (PIX or card), reject or leave a payment pending, PIX
 * payments created by the API (POST /v1/payments: a real QR Code and copia-e-cola, paid from the
 * "bank" page at their ticket_url or by `payPix`, cancelled once expired),
 * payments (read, search, refund), chargebacks, GET /users/me, and webhooks signed exactly like
 * Mercado Pago's (x-signature over `id:{data.id};request-id:…;ts:…;`), with duplicates and
 * out-of-order deliveries on request. Like the real one, it refuses `auto_return` with local back
 * URLs and sends no webhooks for payments made with test credentials (tokens starting `TEST-`).
 *
 *   npm run -s fake-mercadopago -- --port 4600
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { MpPaymentBody, MpPixPaymentRequestBody, MpPreferenceBody } from './client';
import { signatureHeader } from './signature';
import { readBody, sendJson } from '../fake-http';

export interface FakeAccount {
  token: string;
  userId: number;
  nickname: string;
  webhookSecret: string;
  /** Test credentials (TEST-…) get no webhooks, as on Mercado Pago. */
  sendsWebhooks: boolean;
}

interface StoredPreference extends MpPreferenceBody {
  id: string;
  token: string;
  init_point: string;
}

interface StoredPayment extends MpPaymentBody {
  id: number;
  token: string;
  /** The Checkout Pro preference it was paid through; '' for a PIX created by the API. */
  preferenceId: string;
  notificationUrl?: string;
  date_created: string;
  /** A PIX created by the API: until when it can be paid, and its code. */
  date_of_expiration?: string;
  point_of_interaction?: { type: 'PIX'; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
  payer?: { email: string; first_name?: string };
}

export type Outcome = 'approve' | 'reject' | 'pending';
export interface PayOptions {
  method: 'pix' | 'card';
  outcome: Outcome;
  installments?: number;
  /** Send the notification this many times (default 1; 0 = none). */
  notifications?: number;
  /** Charge this instead of the preference's amount (to test mismatches). */
  amount?: number;
  currency?: string;
}

export interface WebhookDelivery {
  url: string;
  paymentId: number;
  status: number | 'error';
}

export interface FakeMercadoPago {
  url: string;
  accounts: Map<string, FakeAccount>;
  preferences: Map<string, StoredPreference>;
  payments: Map<number, StoredPayment>;
  deliveries: WebhookDelivery[];
  /** The account of a token (created on first use when the token looks valid). */
  account(token: string, overrides?: Partial<Pick<FakeAccount, 'webhookSecret' | 'sendsWebhooks'>>): FakeAccount;
  pay(preferenceId: string, options: PayOptions): Promise<StoredPayment>;
  /** The customer's bank pays a PIX created by the API (approved, notified), or refuses it. */
  payPix(paymentId: number, options?: { outcome?: 'approve' | 'reject'; notifications?: number }): Promise<StoredPayment>;
  /** Lets a PIX created by the API expire now (cancelled, notified). */
  expirePix(paymentId: number): Promise<StoredPayment>;
  refund(paymentId: number, options?: { notifications?: number }): Promise<StoredPayment>;
  chargeback(paymentId: number, options?: { notifications?: number }): Promise<StoredPayment>;
  notify(paymentId: number, times?: number): Promise<void>;
  /** Answer every API call with 503 until called again with false. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const VALID_TOKEN = /^(APP_USR|TEST)-[A-Za-z0-9_-]{6,}$/;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const send = sendJson;

function page(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button,a.button{display:block;width:100%;min-height:44px;margin:.5rem 0;font-size:1rem;border-radius:.5rem;border:1px solid #888;background:#fff;text-align:center;text-decoration:none;color:#1a1a1a;line-height:44px}
button.primary{background:#009ee3;color:#fff;border-color:#009ee3}.note{color:#555;font-size:.875rem}</style></head><body>
<p class="note">Mercado Pago (simulado)</p>${body}</body></html>`);
}

export async function startFakeMercadoPago(options: { port?: number; host?: string } = {}): Promise<FakeMercadoPago> {
  const accounts = new Map<string, FakeAccount>();
  const preferences = new Map<string, StoredPreference>();
  const payments = new Map<number, StoredPayment>();
  const idempotency = new Map<string, string>();
  const deliveries: WebhookDelivery[] = [];
  let nextPaymentId = 1_000_000_001;
  let down = false;
  let base = '';

  function account(token: string, overrides: Partial<Pick<FakeAccount, 'webhookSecret' | 'sendsWebhooks'>> = {}): FakeAccount {
    let acc = accounts.get(token);
    if (!acc) {
      acc = {
        token,
        userId: 100_000_000 + (parseInt(hash(token).slice(0, 7), 16) % 900_000_000),
        nickname: `VENDEDOR${hash(token).slice(0, 6).toUpperCase()}`,
        webhookSecret: `fake-secret-${hash(`secret:${token}`).slice(0, 24)}`,
        sendsWebhooks: !token.startsWith('TEST-'),
      };
      accounts.set(token, acc);
    }
    Object.assign(acc, overrides);
    return acc;
  }

  /** The account behind a request's bearer token, or null (401). */
  function authenticate(req: IncomingMessage): FakeAccount | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !VALID_TOKEN.test(token) || token.includes('INVALID')) return null;
    return account(token);
  }

  function publicPayment(p: StoredPayment): MpPaymentBody & { date_created: string } {
    vencer(p);
    const { token: _token, preferenceId: _pref, notificationUrl: _url, ...rest } = p;
    return rest;
  }

  /** A PIX not paid by its date_of_expiration is cancelled, as Mercado Pago does. */
  function vencer(p: StoredPayment) {
    if (p.status === 'pending' && p.date_of_expiration && Date.parse(p.date_of_expiration) <= Date.now()) {
      p.status = 'cancelled';
      p.status_detail = 'expired';
    }
  }

  async function payPix(paymentId: number, opts: { outcome?: 'approve' | 'reject'; notifications?: number } = {}) {
    const payment = payments.get(paymentId);
    if (!payment?.point_of_interaction) throw new Error(`no PIX payment ${paymentId}`);
    vencer(payment);
    if (payment.status !== 'pending') throw new Error(`PIX ${paymentId} is ${payment.status}`);
    const aprovado = (opts.outcome ?? 'approve') === 'approve';
    payment.status = aprovado ? 'approved' : 'rejected';
    payment.status_detail = aprovado ? 'accredited' : 'rejected_by_bank';
    payment.date_approved = aprovado ? new Date().toISOString() : null;
    await notify(paymentId, opts.notifications ?? 1);
    return payment;
  }

  async function expirePix(paymentId: number) {
    const payment = payments.get(paymentId);
    if (!payment?.point_of_interaction) throw new Error(`no PIX payment ${paymentId}`);
    payment.date_of_expiration = new Date(Date.now() - 1000).toISOString();
    vencer(payment);
    await notify(paymentId);
    return payment;
  }

  async function criarPix(acc: FakeAccount, body: MpPixPaymentRequestBody): Promise<StoredPayment> {
    const id = nextPaymentId++;
    const codigo = generatePixPayload({ key: 'pix@mercadopago.fake', merchantName: 'MERCADO PAGO SIMULADO', merchantCity: 'SAO PAULO', amount: body.transaction_amount, description: `MP${id}` }) ?? `MP${id}`;
    const { default: QRCode } = await import('qrcode');
    const png = await QRCode.toDataURL(codigo, { errorCorrectionLevel: 'M', margin: 2 });
    const payment: StoredPayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: body.transaction_amount,
      currency_id: 'BRL',
      external_reference: body.external_reference,
      payment_method_id: 'pix',
      payment_type_id: 'bank_transfer',
      installments: 1,
      date_approved: null,
      date_created: new Date().toISOString(),
      date_of_expiration: new Date(body.date_of_expiration).toISOString(),
      payer: body.payer,
      point_of_interaction: {
        type: 'PIX',
        transaction_data: { qr_code: codigo, qr_code_base64: png.replace(/^data:image\/png;base64,/, ''), ticket_url: `${base}/pix/${id}` },
      },
      token: acc.token,
      preferenceId: '',
      notificationUrl: body.notification_url,
    };
    payments.set(id, payment);
    return payment;
  }

  async function deliver(payment: StoredPayment) {
    const acc = account(payment.token);
    if (!payment.notificationUrl || !acc.sendsWebhooks) return;
    const requestId = randomUUID();
    // In seconds, as Mercado Pago documents the header.
    const ts = Math.floor(Date.now() / 1000);
    const url = new URL(payment.notificationUrl);
    url.searchParams.set('data.id', String(payment.id));
    url.searchParams.set('type', 'payment');
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signatureHeader(acc.webhookSecret, String(payment.id), requestId, ts),
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: String(payment.id) },
          date_created: new Date(ts).toISOString(),
          id: ts,
          live_mode: false,
          type: 'payment',
          user_id: String(acc.userId),
        }),
        signal: AbortSignal.timeout(22_000),
      });
      deliveries.push({ url: payment.notificationUrl, paymentId: payment.id, status: response.status });
    } catch {
      deliveries.push({ url: payment.notificationUrl, paymentId: payment.id, status: 'error' });
    }
  }

  async function notify(paymentId: number, times = 1) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    for (let i = 0; i < times; i++) await deliver(payment);
  }

  async function pay(preferenceId: string, opts: PayOptions): Promise<StoredPayment> {
    const pref = preferences.get(preferenceId);
    if (!pref) throw new Error(`no preference ${preferenceId}`);
    const item = pref.items[0]!;
    const status = opts.outcome === 'approve' ? 'approved' : opts.outcome === 'reject' ? 'rejected' : opts.method === 'pix' ? 'pending' : 'in_process';
    const payment: StoredPayment = {
      id: nextPaymentId++,
      status,
      status_detail: status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_other_reason' : 'pending_waiting_transfer',
      transaction_amount: opts.amount ?? item.unit_price,
      currency_id: opts.currency ?? item.currency_id,
      external_reference: pref.external_reference,
      payment_method_id: opts.method === 'pix' ? 'pix' : 'master',
      payment_type_id: opts.method === 'pix' ? 'bank_transfer' : 'credit_card',
      installments: opts.method === 'pix' ? 1 : Math.min(opts.installments ?? 1, pref.payment_methods.installments),
      date_approved: status === 'approved' ? new Date().toISOString() : null,
      date_created: new Date().toISOString(),
      token: pref.token,
      preferenceId,
      notificationUrl: pref.notification_url,
    };
    payments.set(payment.id, payment);
    await notify(payment.id, opts.notifications ?? 1);
    return payment;
  }

  async function change(paymentId: number, status: 'refunded' | 'charged_back', notifications = 1) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    payment.status = status;
    payment.status_detail = status;
    await notify(paymentId, notifications);
    return payment;
  }

  function allowed(pref: StoredPreference) {
    const excluded = new Set(pref.payment_methods.excluded_payment_types.map((t) => t.id));
    return { pix: !excluded.has('bank_transfer'), card: !excluded.has('credit_card') };
  }

  function backUrl(pref: StoredPreference, payment: StoredPayment) {
    const target = payment.status === 'approved' ? pref.back_urls.success : payment.status === 'rejected' ? pref.back_urls.failure : pref.back_urls.pending;
    const url = new URL(target);
    const params: Record<string, string> = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: pref.external_reference,
      payment_type: payment.payment_type_id ?? '',
      preference_id: pref.id,
      site_id: 'MLB',
      processing_mode: 'aggregator',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;

    // ——— The checkout pages (what the customer's browser sees) ———
    if (req.method === 'GET' && path === '/checkout/v1/redirect') {
      const pref = preferences.get(url.searchParams.get('pref_id') ?? '');
      if (!pref) return page(res, 'Checkout', '<h1>Preferência não encontrada</h1>');
      const item = pref.items[0]!;
      const can = allowed(pref);
      const amount = item.unit_price.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
      const installments = Array.from({ length: pref.payment_methods.installments }, (_, i) => `<option value="${i + 1}">${i + 1}x</option>`).join('');
      const button = (method: string, outcome: Outcome, label: string, primary = false) =>
        `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escapeHtml(pref.id)}"><input type="hidden" name="method" value="${method}"><input type="hidden" name="outcome" value="${outcome}">${method === 'card' ? `<input type="hidden" name="installments" value="1">` : ''}<button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
      return page(
        res,
        'Checkout',
        `<h1>${escapeHtml(item.title)}</h1><p>Total: <strong>${amount}</strong></p>
${can.pix ? `<h2>PIX</h2>${button('pix', 'approve', 'Pagar com PIX', true)}${button('pix', 'pending', 'Gerar PIX e pagar depois')}` : ''}
${can.card ? `<h2>Cartão</h2><p class="note">Até ${pref.payment_methods.installments}x</p><label>Parcelas <select aria-label="Parcelas">${installments}</select></label>${button('card', 'approve', 'Pagar com cartão', true)}${button('card', 'pending', 'Cartão em análise')}` : ''}
${button(can.pix ? 'pix' : 'card', 'reject', 'Recusar pagamento')}`,
      );
    }
    if (req.method === 'POST' && path === '/checkout/v1/pay') {
      const form = new URLSearchParams(await readBody(req));
      const pref = preferences.get(form.get('pref_id') ?? '');
      const method = form.get('method') === 'card' ? 'card' : 'pix';
      const outcome = (['approve', 'reject', 'pending'] as const).find((o) => o === form.get('outcome')) ?? 'approve';
      if (!pref || !allowed(pref)[method]) return page(res, 'Checkout', '<h1>Meio de pagamento indisponível</h1>');
      const payment = await pay(pref.id, { method, outcome, installments: Number(form.get('installments') ?? 1) });
      const target = backUrl(pref, payment);
      if (pref.auto_return && (payment.status === 'approved' || pref.auto_return === 'all')) {
        res.writeHead(302, { location: target });
        return res.end();
      }
      const title = payment.status === 'approved' ? 'Pagamento aprovado' : payment.status === 'rejected' ? 'Pagamento recusado' : 'Pagamento pendente';
      return page(res, title, `<h1>${title}</h1><p>Pagamento nº ${payment.id}</p><a class="button" href="${escapeHtml(target)}">Voltar para a loja</a>`);
    }
    // ——— The "bank" of a PIX created by the API (its ticket_url): pays it or refuses it ———
    const pixPage = /^\/pix\/(\d+)(\/pagar|\/recusar)?$/.exec(path);
    if (pixPage) {
      const payment = payments.get(Number(pixPage[1]));
      if (!payment?.point_of_interaction) return page(res, 'PIX', '<h1>PIX não encontrado</h1>');
      vencer(payment);
      if (req.method === 'POST' && pixPage[2] && payment.status === 'pending') await payPix(payment.id, { outcome: pixPage[2] === '/pagar' ? 'approve' : 'reject' });
      const amount = payment.transaction_amount.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
      const acoes =
        payment.status === 'pending'
          ? `<form method="post" action="/pix/${payment.id}/pagar"><button type="submit" class="primary">Pagar ${amount} com PIX</button></form><form method="post" action="/pix/${payment.id}/recusar"><button type="submit">Recusar</button></form>`
          : `<p>Situação: <strong>${escapeHtml(payment.status)}</strong></p>`;
      return page(res, 'PIX', `<h1>PIX de ${amount}</h1><img alt="QR Code" width="220" height="220" src="data:image/png;base64,${payment.point_of_interaction.transaction_data.qr_code_base64}"><p class="note">${escapeHtml(payment.point_of_interaction.transaction_data.qr_code)}</p>${acoes}`);
    }
    if (req.method === 'GET' && path === '/') {
      return page(
        res,
        'Mercado Pago simulado',
        `<h1>Mercado Pago simulado</h1><p>Use um Access Token como <code>APP_USR-teste-123456</code> (tokens <code>TEST-…</code> não recebem webhooks, como no Mercado Pago). A chave secreta dos webhooks de um token: <code>GET /__fake/accounts/&lt;token&gt;</code>. Reenviar notificações: <code>POST /__fake/payments/&lt;id&gt;/notify?times=3</code>; reembolso ou contestação (notificados, mesmo antes da aprovação): <code>POST /__fake/payments/&lt;id&gt;/refund</code>, <code>/chargeback</code>. Um PIX gerado pela API (a página do cliente) se paga no "banco" em <code>/pix/&lt;id&gt;</code> (ou <code>POST /__fake/payments/&lt;id&gt;/pay-pix</code>) e vence com <code>/expire-pix</code>.</p>`,
      );
    }

    // ——— Test control (not part of Mercado Pago's API) ———
    if (path.startsWith('/__fake/')) {
      const accountMatch = /^\/__fake\/accounts\/(.+)$/.exec(path);
      if (req.method === 'GET' && accountMatch) {
        const token = decodeURIComponent(accountMatch[1]!);
        if (!VALID_TOKEN.test(token)) return send(res, 400, { message: 'invalid token' });
        const acc = account(token);
        return send(res, 200, { userId: acc.userId, webhookSecret: acc.webhookSecret, sendsWebhooks: acc.sendsWebhooks });
      }
      // Deliveries on request: duplicates (`?times=3`), and refunds or chargebacks notified before
      // (or instead of) the approval, for out-of-order tests by hand.
      const pixControl = /^\/__fake\/payments\/(\d+)\/(pay-pix|expire-pix)$/.exec(path);
      if (req.method === 'POST' && pixControl) {
        const id = Number(pixControl[1]);
        if (!payments.get(id)?.point_of_interaction) return send(res, 404, { message: 'no such PIX payment' });
        try {
          return send(res, 200, publicPayment(pixControl[2] === 'pay-pix' ? await payPix(id) : await expirePix(id)));
        } catch (error) {
          return send(res, 409, { message: String(error) });
        }
      }
      const control = /^\/__fake\/payments\/(\d+)\/(notify|refund|chargeback)$/.exec(path);
      if (req.method === 'POST' && control) {
        const id = Number(control[1]);
        if (!payments.has(id)) return send(res, 404, { message: 'no such payment' });
        const times = Math.min(10, Math.max(0, Number(url.searchParams.get('times') ?? 1) || 0));
        if (control[2] === 'notify') await notify(id, times);
        else await change(id, control[2] === 'refund' ? 'refunded' : 'charged_back', times);
        return send(res, 200, publicPayment(payments.get(id)!));
      }
      return send(res, 404, { message: 'not found' });
    }

    // ——— The REST API (bearer token) ———
    if (down) return send(res, 503, { message: 'service unavailable', status: 503 });
    const acc = authenticate(req);
    if (!acc) return send(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });

    if (req.method === 'GET' && path === '/users/me') {
      return send(res, 200, { id: acc.userId, nickname: acc.nickname, site_id: 'MLB', email: `${acc.nickname.toLowerCase()}@testuser.com` });
    }
    if (req.method === 'POST' && path === '/checkout/preferences') {
      const key = req.headers['x-idempotency-key'];
      const known = typeof key === 'string' ? idempotency.get(`${acc.token}:${key}`) : undefined;
      if (known) return send(res, 201, preferences.get(known));
      let body: MpPreferenceBody;
      try {
        body = JSON.parse(await readBody(req)) as MpPreferenceBody;
      } catch {
        return send(res, 400, { message: 'invalid json', status: 400 });
      }
      const item = body.items?.[0];
      if (!item || !(item.unit_price > 0) || item.quantity !== 1) return send(res, 400, { message: 'items invalid', status: 400 });
      if (body.auto_return) {
        if (!body.back_urls?.success) return send(res, 400, { message: 'auto_return invalid. back_url.success must be defined', status: 400 });
        if (LOCAL_HOST.test(new URL(body.back_urls.success).hostname)) {
          return send(res, 400, { message: 'auto_return invalid. back_url.success must be a public URL', status: 400 });
        }
      }
      if ((body.external_reference ?? '').length > 256) return send(res, 400, { message: 'external_reference too long', status: 400 });
      if ((body.notification_url ?? '').length > 248) return send(res, 400, { message: 'notification_url too long', status: 400 });
      const id = `${acc.userId}-${randomUUID()}`;
      const init = `${base}/checkout/v1/redirect?pref_id=${id}`;
      const stored: StoredPreference = { ...body, id, token: acc.token, init_point: init };
      preferences.set(id, stored);
      if (typeof key === 'string') idempotency.set(`${acc.token}:${key}`, id);
      return send(res, 201, { id, init_point: init, sandbox_init_point: init, external_reference: body.external_reference });
    }
    if (req.method === 'POST' && path === '/v1/payments') {
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key) return send(res, 400, { message: 'X-Idempotency-Key header is required', status: 400 });
      const known = idempotency.get(`${acc.token}:payment:${key}`);
      if (known) return send(res, 201, publicPayment(payments.get(Number(known))!));
      let body: MpPixPaymentRequestBody;
      try {
        body = JSON.parse(await readBody(req)) as MpPixPaymentRequestBody;
      } catch {
        return send(res, 400, { message: 'invalid json', status: 400 });
      }
      if (body.payment_method_id !== 'pix') return send(res, 400, { message: 'only pix is supported here', status: 400 });
      if (!(body.transaction_amount > 0) || Math.round(body.transaction_amount * 100) !== body.transaction_amount * 100) return send(res, 400, { message: 'transaction_amount invalid', status: 400 });
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.payer?.email ?? '')) return send(res, 400, { message: 'payer.email must be a valid email', status: 400 });
      if (!body.external_reference || body.external_reference.length > 256) return send(res, 400, { message: 'external_reference invalid', status: 400 });
      const expira = Date.parse(body.date_of_expiration ?? '');
      if (!(expira > Date.now())) return send(res, 400, { message: 'date_of_expiration must be a future date', status: 400 });
      const payment = await criarPix(acc, body);
      idempotency.set(`${acc.token}:payment:${key}`, String(payment.id));
      return send(res, 201, publicPayment(payment));
    }
    if (req.method === 'GET' && path === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const results = [...payments.values()].filter((p) => p.token === acc.token && (!ref || p.external_reference === ref)).map(publicPayment);
      return send(res, 200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
    }
    const paymentMatch = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(path);
    if (paymentMatch) {
      const payment = payments.get(Number(paymentMatch[1]));
      // Another account's payment does not exist for this token.
      if (!payment || payment.token !== acc.token) return send(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      if (req.method === 'GET' && !paymentMatch[2]) return send(res, 200, publicPayment(payment));
      if (req.method === 'POST' && paymentMatch[2]) {
        if (payment.status !== 'approved') return send(res, 400, { message: 'Payment not approved', status: 400 });
        await change(payment.id, 'refunded');
        return send(res, 201, { id: Date.now(), payment_id: payment.id, amount: payment.transaction_amount, status: 'approved' });
      }
    }
    return send(res, 404, { message: 'resource not found', status: 404 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    accounts,
    preferences,
    payments,
    deliveries,
    account,
    pay,
    payPix,
    expirePix,
    refund: (id, o) => change(id, 'refunded', o?.notifications),
    chargeback: (id, o) => change(id, 'charged_back', o?.notifications),
    notify,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
