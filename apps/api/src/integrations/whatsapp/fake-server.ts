/**
 * A fake WhatsApp Cloud API for development and tests, on loopback: template messages
 * (POST /{phone-number-id}/messages, checked as Meta checks them: a known token, an approved
 * template, parameters on one line), the number's profile ("Testar conexão"), and webhooks signed
 * exactly like Meta's (X-Hub-Signature-256 over the raw body with the app's secret): delivery
 * statuses and customers' replies, on request. Outages on request too.
 *
 *   npm run -s fake-whatsapp -- --port 4601
 *
 * Test controls (under /__fake): GET phones/{id} (its app secret), POST phones/{id}/webhook {url},
 * GET messages[?to=], POST messages/{wamid}/status {status, timestamp?}, POST phones/{id}/reply
 * {from, text, timestamp?}, POST outage {count}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WaTemplateBody } from './client';
import { hubSignature } from './signature';
import { readBody, sendJson } from '../fake-http';

export interface FakeWhatsappMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  parametros: string[];
  at: string;
}

/** Templates the fake treats as not approved (any other name is approved). */
const NAO_APROVADO = /nao_aprovado|not_approved/;

/** The app secret of a number on the fake: fixed per number, so a test can sign as Meta would. */
export const fakeAppSecret = (phoneNumberId: string) => createHash('sha256').update(`fake-whatsapp:${phoneNumberId}`).digest('hex').slice(0, 32);

/** A token the fake accepts: Meta's look (EAA…), without "INVALID". */
const tokenValido = (token: string) => /^EAA[\w-]{6,}$/.test(token) && !token.includes('INVALID');

export interface FakeWhatsapp {
  url: string;
  messages: FakeWhatsappMessage[];
  close(): Promise<void>;
}

const send = sendJson;

const graphError = (res: ServerResponse, status: number, code: number, message: string) =>
  send(res, status, { error: { message, type: status === 401 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: randomBytes(8).toString('hex') } });

export async function startFakeWhatsapp(options: { port?: number } = {}): Promise<FakeWhatsapp> {
  const messages: FakeWhatsappMessage[] = [];
  const webhooks = new Map<string, string>();
  let outage = 0;

  /** Posts a webhook to the number's registered URL, signed with its app secret. */
  async function deliver(phoneNumberId: string, value: Record<string, unknown>) {
    const url = webhooks.get(phoneNumberId);
    if (!url) throw new Error(`no webhook URL for ${phoneNumberId}: POST /__fake/phones/${phoneNumberId}/webhook first`);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: `waba-${phoneNumberId}`, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: `5511400${phoneNumberId.slice(-5)}`, phone_number_id: phoneNumberId }, ...value } }] }],
    });
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(fakeAppSecret(phoneNumberId), body) }, body });
    return { status: response.status, body: await response.text() };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const parts = url.pathname.split('/').filter(Boolean);
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const json = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

      if (parts[0] === '__fake') {
        if (parts.length === 1) return send(res, 200, { ok: true, messages: messages.length });
        if (parts[1] === 'outage' && req.method === 'POST') {
          outage = Number(json.count ?? 1);
          return send(res, 200, { outage });
        }
        if (parts[1] === 'messages' && parts.length === 2) {
          const to = url.searchParams.get('to');
          return send(res, 200, { messages: to ? messages.filter((m) => m.to === to) : messages });
        }
        if (parts[1] === 'messages' && parts[3] === 'status' && req.method === 'POST') {
          const message = messages.find((m) => m.id === decodeURIComponent(parts[2]!));
          if (!message) return send(res, 404, { error: 'no such message' });
          const status = String(json.status);
          const timestamp = String(json.timestamp ?? Math.floor(Date.now() / 1000));
          const errors = status === 'failed' ? [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] : undefined;
          return send(res, 200, await deliver(message.phoneNumberId, { statuses: [{ id: message.id, status, timestamp, recipient_id: message.to, ...(errors ? { errors } : {}) }] }));
        }
        if (parts[1] === 'phones' && parts[2]) {
          const phoneNumberId = decodeURIComponent(parts[2]);
          if (parts.length === 3) return send(res, 200, { phoneNumberId, appSecret: fakeAppSecret(phoneNumberId) });
          if (parts[3] === 'webhook' && req.method === 'POST') {
            webhooks.set(phoneNumberId, String(json.url));
            return send(res, 200, { ok: true });
          }
          if (parts[3] === 'reply' && req.method === 'POST') {
            const from = String(json.from);
            const timestamp = String(json.timestamp ?? Math.floor(Date.now() / 1000));
            return send(
              res,
              200,
              await deliver(phoneNumberId, {
                contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
                messages: [{ from, id: `wamid.${randomBytes(12).toString('hex')}`, timestamp, type: 'text', text: { body: String(json.text) } }],
              }),
            );
          }
        }
        return send(res, 404, { error: 'unknown fake control' });
      }

      // The Graph API: /{phone-number-id} and /{phone-number-id}/messages, with a Bearer token.
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!tokenValido(token)) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      const phoneNumberId = parts[0] ?? '';
      if (!/^\d{5,20}$/.test(phoneNumberId)) return graphError(res, 400, 100, `Unsupported request - method type: ${req.method}`);
      if (req.method === 'GET' && parts.length === 1) {
        return send(res, 200, { id: phoneNumberId, display_phone_number: `+55 11 4000-${phoneNumberId.slice(-4).padStart(4, '0')}`, verified_name: 'Loja de Teste', quality_rating: 'GREEN' });
      }
      if (req.method === 'POST' && parts[1] === 'messages' && parts.length === 2) {
        if (outage > 0) {
          outage--;
          return graphError(res, 503, 2, 'Service temporarily unavailable');
        }
        const body = json as unknown as WaTemplateBody;
        if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template?.name) return graphError(res, 400, 100, 'Invalid parameter');
        if (!/^\d{10,15}$/.test(body.to ?? '')) return graphError(res, 400, 131009, 'Parameter value is not valid');
        if (NAO_APROVADO.test(body.template.name)) return graphError(res, 404, 132001, 'Template name does not exist in the translation');
        const parametros = (body.template.components ?? []).flatMap((c) => c.parameters.map((p) => p.text));
        if (parametros.some((p) => !p || /[\n\t]| {5,}/.test(p))) return graphError(res, 400, 132000, 'Number of parameters does not match the expected number of params');
        const message: FakeWhatsappMessage = {
          id: `wamid.${randomBytes(16).toString('hex')}`,
          phoneNumberId,
          to: body.to,
          template: body.template.name,
          language: body.template.language.code,
          parametros,
          at: new Date().toISOString(),
        };
        messages.push(message);
        return send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: message.id, message_status: 'accepted' }] });
      }
      return graphError(res, 400, 100, 'Unsupported request');
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
