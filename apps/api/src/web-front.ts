import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { fastifyTrustProxy, type AppConfig } from './config';
import { apiPath } from './paths';
import { serverLogging } from './security/request-log';
import { registerWebApp } from './spa';

export const DEFAULT_WEB_DIST = apiPath('../web/dist');

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The security headers of every answer, the API's and the web app's: helmet's, for the policy
 * below. The policy is the same for every request, so helmet runs once, here, and each request
 * only copies its headers (running helmet per request, as its Fastify plugin does, rebuilt the
 * policy each time: about 4 % of the CPU of a sales-list request, issue 11).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const headers = securityHeaders({
    // On a shop's LAN the app is plain HTTP: don't tell browsers to upgrade or pin HTTPS.
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
  });
  // Hashed bundles are scripts and styles, never documents: the document policies (CSP, framing, …)
  // do nothing on them but cost ~0.5 KB per file on a phone's first load. nosniff and the resource
  // policy, which do apply to them, stay.
  const assetHeaders = headers.filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name.toLowerCase()));
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of request.url.startsWith('/assets/') ? assetHeaders : headers) raw.setHeader(name, value);
    raw.removeHeader('X-Powered-By');
    done();
  });
}

/** The headers helmet's middleware writes for `options` (static options: no request is read). */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export interface WebFrontOptions {
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/**
 * The web app alone — its pages and files with the app's security headers, no API — for the
 * moments before the API is ready (`http-listener.ts`): it needs no database.
 */
export async function buildWebFront(options: WebFrontOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverLogging(options.logger),
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  await registerSecurityHeaders(app, options.config);
  await registerWebApp(app, options.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
