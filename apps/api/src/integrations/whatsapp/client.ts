/**
 * A small typed client for the parts of WhatsApp's Cloud API (Meta's Graph API) the app uses, over
 * fetch, on a configurable base URL (WHATSAPP_API_URL, with the Graph version: the fake server in
 * development and tests): sending an approved template, and reading the number ("Testar conexão").
 * Every call carries the shop's access token and a timeout.
 */

/** A template message as it travels (POST /{phone-number-id}/messages). */
export interface WaTemplateBody {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: { name: string; language: { code: string }; components: { type: 'body'; parameters: { type: 'text'; text: string }[] }[] };
}

export interface WaSendResponse {
  messaging_product: 'whatsapp';
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface WaPhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
}

/** Graph's error body: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export interface WaErrorBody {
  error: { message: string; type?: string; code?: number; error_subcode?: number; error_data?: { details?: string }; fbtrace_id?: string };
}

/**
 * WhatsApp refused the request (4xx): a wrong token, an unknown template, a number that is not on
 * WhatsApp. Sending it again changes nothing: the message is given up.
 */
export class WhatsappRecusou extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'WhatsappRecusou';
  }
}

/** WhatsApp did not answer, or answered 429/5xx: worth trying again later. */
export class WhatsappIndisponivel extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsappIndisponivel';
  }
}

export interface WhatsappClient {
  sendTemplate(credenciais: { phoneNumberId: string; accessToken: string }, body: WaTemplateBody): Promise<WaSendResponse>;
  getPhoneNumber(credenciais: { phoneNumberId: string; accessToken: string }): Promise<WaPhoneNumber>;
}

const TIMEOUT_MS = 15_000;

export function createWhatsappClient(baseUrl: string): WhatsappClient {
  const base = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, accessToken: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new WhatsappIndisponivel(`WhatsApp não respondeu: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok && json) return json as T;
    const erro = (json as WaErrorBody | null)?.error;
    const message = erro?.message ? `${erro.message}${erro.code ? ` (${erro.code})` : ''}` : `HTTP ${response.status}`;
    if (response.status === 429 || response.status >= 500 || response.ok) throw new WhatsappIndisponivel(message);
    throw new WhatsappRecusou(response.status, erro?.code, message);
  }
  return {
    sendTemplate: ({ phoneNumberId, accessToken }, body) => call<WaSendResponse>('POST', `/${encodeURIComponent(phoneNumberId)}/messages`, accessToken, body),
    getPhoneNumber: ({ phoneNumberId, accessToken }) =>
      call<WaPhoneNumber>('GET', `/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`, accessToken),
  };
}
