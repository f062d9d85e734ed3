import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Fastify's own default for the servers it makes (a phone's keep-alive outlives Node's 5 s). */
const KEEP_ALIVE_MS = 72_000;

/**
 * The server's one HTTP listener, open from its first moments. Opening the database (PGlite starts
 * PostgreSQL inside WebAssembly) and building the API take most of a start; the web app's pages
 * and files need neither. So, in turn:
 *  - at first every request waits;
 *  - once the web front is ready (`buildWebFront`, built with `factory('web')`), pages and files
 *    are answered by it, and requests to /api keep waiting;
 *  - once the API is ready (built with `factory('api')`), it takes every request: the waiting ones,
 *    in the order they came, and all later ones.
 * A request never sees a half-built app: a handler is used only after its app's `ready()`.
 */
export function createListener() {
  const handlers: { web?: Handler; api?: Handler } = {};
  let web: Handler | null = null;
  let api: Handler | null = null;
  let waiting: [IncomingMessage, ServerResponse][] = [];

  const server = http.createServer((request, response) => {
    if (api) return api(request, response);
    if (web && !isApi(request.url ?? '/')) return web(request, response);
    waiting.push([request, response]);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  const release = () => {
    const held = waiting;
    waiting = [];
    for (const [request, response] of held) server.emit('request', request, response);
  };

  return {
    server,
    /** A Fastify `serverFactory` for the web front or the API: keeps the app's handler, answers on this server. */
    factory(role: 'web' | 'api'): NonNullable<FastifyServerOptions['serverFactory']> {
      return (handler) => {
        handlers[role] = handler;
        return server;
      };
    },
    /** The web front is ready: it answers pages and files from now on. */
    serveWeb() {
      web = handlers.web ?? null;
      release();
    },
    /** The API is ready: it answers everything from now on. */
    serveApi() {
      api = handlers.api ?? null;
      release();
    },
    /** Requests waiting for an app (for tests). */
    get waiting() {
      return waiting.length;
    },
  };
}

export type Listener = ReturnType<typeof createListener>;

/** Listens on `port` and `host`, resolving once bound, rejecting on an error such as a port in use. */
export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
