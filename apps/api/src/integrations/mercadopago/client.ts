/**
 * A small typed client for the parts of Mercado Pago's REST API the app uses, over fetch, with a
 * configurable base URL (the official SDK hard-codes its own): Checkout Pro preferences, payments,
 * and the credentials check. Every call carries the seller's access token and a timeout.
 *
 * Mercado Pago speaks reais (decimal numbers); the app keeps integer centavos (ADR 002). The
 * conversion happens here and nowhere else: the app hands this client centavos and gets centavos
 * back (`valorUnitario`, `valor`); the wire types (`Mp…Body`) are what travels, and what the fake
 * server reads and writes.
 */

/** Reais as Mercado Pago writes them (105.01) from centavos (10501): exact for any safe integer of centavos. */
const emReais = (centavos: number) => centavos / 100;
/** Centavos from an amount in reais as Mercado Pago sends it (a number, or its text). */
const emCentavos = (reais: number | string) => Math.round(Number(reais) * 100);

export interface PreferenceItem {
  id: string;
  title: string;
  description?: string;
  quantity: number;
  /** Centavos (sent as `unit_price` in reais). */
  valorUnitario: number;
  currency_id: string;
}

export interface PreferenceRequest {
  items: PreferenceItem[];
  payer?: { name?: string };
  payment_methods: {
    excluded_payment_types: { id: string }[];
    excluded_payment_methods?: { id: string }[];
    installments: number;
    default_installments?: number;
    default_payment_method_id?: string;
  };
  back_urls: { success: string; failure: string; pending: string };
  auto_return?: 'approved' | 'all';
  external_reference: string;
  notification_url?: string;
  statement_descriptor?: string;
  metadata?: Record<string, string | number>;
}

/** The preference as it travels: items priced in reais. */
export type MpPreferenceBody = Omit<PreferenceRequest, 'items'> & {
  items: (Omit<PreferenceItem, 'valorUnitario'> & { unit_price: number })[];
};

export interface Preference {
  id: string;
  init_point: string;
  sandbox_init_point?: string;
}

/** A payment as Mercado Pago sends it (`transaction_amount` in reais). */
export interface MpPaymentBody {
  id: number | string;
  status: string;
  status_detail?: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
  payment_method_id?: string;
  payment_type_id?: string;
  installments?: number;
  date_approved?: string | null;
}

/** A PIX payment to create in the customer page (POST /v1/payments), in centavos. */
export interface PixPaymentRequest {
  /** Centavos (sent as `transaction_amount` in reais). */
  valor: number;
  description: string;
  /** Mercado Pago requires the payer's e-mail for a PIX. */
  payer: { email: string; first_name?: string };
  external_reference: string;
  notification_url?: string;
  /** When the code stops being payable. */
  expiraEm: Date;
  metadata?: Record<string, string | number>;
}

/** The PIX payment as it travels. */
export type MpPixPaymentRequestBody = Omit<PixPaymentRequest, 'valor' | 'expiraEm'> & {
  transaction_amount: number;
  payment_method_id: 'pix';
  date_of_expiration: string;
};

/** What Mercado Pago answers for a PIX: the payment, and the code to pay it with. */
export type MpPixPaymentBody = MpPaymentBody & {
  date_of_expiration?: string | null;
  point_of_interaction?: { type?: string; transaction_data?: { qr_code?: string; qr_code_base64?: string; ticket_url?: string } };
};

export interface PixPayment {
  payment: MpPayment;
  /** The copia-e-cola code (EMV). */
  copiaCola: string;
  /** The QR Code as a PNG, base64. */
  qrCodeBase64: string;
  expiraEm: Date;
}

/** A payment as the app reads it: what Mercado Pago sent, its amount in centavos (`valor`). */
export type MpPayment = Omit<MpPaymentBody, 'transaction_amount'> & { valor: number };

export interface MpUser {
  id: number | string;
  nickname?: string;
  email?: string;
  site_id?: string;
}

/** Mercado Pago answered with an error status (401: the token is not valid). */
export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}

/** Mercado Pago could not be reached, or did not answer in time. */
export class MercadoPagoUnavailable extends Error {
  constructor(cause: unknown) {
    super('Mercado Pago unavailable', { cause });
    this.name = 'MercadoPagoUnavailable';
  }
}

export interface MercadoPagoClient {
  createPreference(token: string, body: PreferenceRequest, idempotencyKey: string): Promise<Preference>;
  createPixPayment(token: string, body: PixPaymentRequest, idempotencyKey: string): Promise<PixPayment>;
  getPayment(token: string, id: string): Promise<MpPayment | null>;
  searchPayments(token: string, externalReference: string): Promise<MpPayment[]>;
  getMe(token: string): Promise<MpUser>;
}

/** The app's reading of a payment Mercado Pago sent. */
export function emCentavosDoPagamento({ transaction_amount, ...payment }: MpPaymentBody): MpPayment {
  return { ...payment, valor: emCentavos(transaction_amount) };
}

const TIMEOUT_MS = 8_000;
/** Printable ASCII without spaces: what an Authorization header's token can hold. */
const BEARER_TOKEN = /^[!-~]+$/;

export function createMercadoPagoClient(baseUrl: string, fetchImpl: typeof fetch = fetch): MercadoPagoClient {
  async function call<T>(token: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T | null> {
    // A token that cannot travel in the Authorization header (one saved before credentials had to
    // be ASCII) is not a token Mercado Pago issued: say so, rather than that it cannot be reached.
    if (!BEARER_TOKEN.test(token)) throw new MercadoPagoError(401, 'the access token is not printable ASCII');
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new MercadoPagoUnavailable(error);
    }
    if (response.status === 404) return null;
    const text = await response.text();
    if (!response.ok) {
      if (response.status >= 500) throw new MercadoPagoUnavailable(new Error(`HTTP ${response.status}`));
      // The message only: Mercado Pago's error bodies never need to reach our logs whole.
      let message = `HTTP ${response.status}`;
      try {
        const body = JSON.parse(text) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message.slice(0, 200);
      } catch {
        // Not JSON: keep the status.
      }
      throw new MercadoPagoError(response.status, message);
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new MercadoPagoUnavailable(error);
    }
  }

  return {
    async createPreference(token, request, idempotencyKey) {
      const body: MpPreferenceBody = { ...request, items: request.items.map(({ valorUnitario, ...item }) => ({ ...item, unit_price: emReais(valorUnitario) })) };
      const preference = await call<Preference>(token, '/checkout/preferences', { method: 'POST', body, headers: { 'x-idempotency-key': idempotencyKey } });
      if (!preference?.id || !preference.init_point) throw new MercadoPagoUnavailable(new Error('preference without id or init_point'));
      return preference;
    },
    async createPixPayment(token, { valor, expiraEm, ...request }, idempotencyKey) {
      const body: MpPixPaymentRequestBody = { ...request, transaction_amount: emReais(valor), payment_method_id: 'pix', date_of_expiration: expiraEm.toISOString() };
      const created = await call<MpPixPaymentBody>(token, '/v1/payments', { method: 'POST', body, headers: { 'x-idempotency-key': idempotencyKey } });
      const dados = created?.point_of_interaction?.transaction_data;
      if (!created?.id || !dados?.qr_code || !dados.qr_code_base64) throw new MercadoPagoUnavailable(new Error('PIX payment without id or code'));
      const { point_of_interaction: _poi, date_of_expiration: expira, ...payment } = created;
      return { payment: emCentavosDoPagamento(payment), copiaCola: dados.qr_code, qrCodeBase64: dados.qr_code_base64, expiraEm: expira ? new Date(expira) : expiraEm };
    },
    async getPayment(token, id) {
      const payment = await call<MpPaymentBody>(token, `/v1/payments/${encodeURIComponent(id)}`);
      return payment && emCentavosDoPagamento(payment);
    },
    async searchPayments(token, externalReference) {
      const query = new URLSearchParams({ external_reference: externalReference, sort: 'date_created', criteria: 'desc' });
      const result = await call<{ results?: MpPaymentBody[] }>(token, `/v1/payments/search?${query}`);
      return (result?.results ?? []).map(emCentavosDoPagamento);
    },
    async getMe(token) {
      const user = await call<MpUser>(token, '/users/me');
      if (!user) throw new MercadoPagoError(404, 'user not found');
      return user;
    },
  };
}
