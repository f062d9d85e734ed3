import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_PREFIX } from './auth/cookie';

/**
 * What a page fetches on its first load after the entry, as the web build lists it for each page of
 * apps/web/src/app/route-table.ts (dist/.vite/route-hints.json; ADR 020).
 */
interface PageHints {
  files: string[];
  /** The page's first requests, on a load without search parameters. */
  requests: string[];
  /** The session request of a signed-in page. */
  session: string | null;
}

interface Page {
  matches(segments: string[]): boolean;
  hints: PageHints;
}

interface Document {
  body: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/** A route-table path (`/cliente/:login`: a `:name` is one segment) as a test on a URL's segments. */
function pattern(route: string): Page['matches'] {
  const parts = route.split('/').filter(Boolean);
  return (segments) => segments.length === parts.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's <link> tags: its chunks and texts as module preloads, and — for a signed-in browser —
 * its first requests as fetch preloads, which the app's own fetch of the same URL then takes over.
 */
function hintTags(hints: PageHints, withData: boolean, firstRequests: boolean): string {
  const tags = hints.files.map((file) =>
    file.endsWith('.css') ? `<link rel="preload" as="style" href="${attribute(file)}">` : `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
  );
  if (withData) {
    const requests = [...(hints.session ? [hints.session] : []), ...(firstRequests ? hints.requests : [])];
    tags.push(...requests.map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`));
  }
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/**
 * Serves the built web app (`webDist`): its files, and index.html for every other GET outside /api,
 * with the page's hints written into it so the browser fetches the page's code, texts and first
 * data together with the entry instead of one round trip after another. Does nothing without a
 * build.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const serveSpa = existsSync(indexFile);
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route for every file (a route per file, 500 of them, took a tenth of a second to register
      // at each start); a path that is no file, and `/`, reach the not-found handler below.
      wildcard: true,
      index: false,
      // The build's stamps (.source-hash, .vite/) and any other dotfile are not the app's to serve.
      dotfiles: 'ignore',
      // The build writes .br/.gz beside each asset; browsers that accept them get those.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite's hashed bundles never change; index.html must be re-checked to pick up new ones.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Nothing re-checks an immutable file, so its validators and range support are bytes a
        // phone pays for on each of the page's few dozen scripts for nothing.
        if (immutable) res.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
      },
    });
  }

  const template = serveSpa ? readFileSync(indexFile, 'utf8') : '';
  const hintsFile = path.join(webDist, '.vite', 'route-hints.json');
  const pages: Page[] = existsSync(hintsFile)
    ? Object.entries(JSON.parse(readFileSync(hintsFile, 'utf8')) as Record<string, PageHints>).map(([route, hints]) => ({ matches: pattern(route), hints }))
    : [];
  const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=`);
  // Each page's document, with and without a session and search, made once and kept compressed.
  const documents = new Map<string, Document>();
  function documentFor(request: FastifyRequest): Document {
    const url = new URL(request.url, 'http://localhost');
    const segments = url.pathname.split('/').filter(Boolean);
    const index = pages.findIndex((page) => page.matches(segments));
    // Only a browser holding a session cookie gets the data preloads: for anyone else they would be 401s.
    const withData = sessionCookie.test(request.headers.cookie ?? '');
    const firstRequests = url.search === '';
    const key = `${index}|${withData}|${firstRequests}`;
    let document = documents.get(key);
    if (!document) {
      const tags = index >= 0 ? hintTags(pages[index]!.hints, withData, firstRequests) : '';
      const body = tags ? template.replace('</head>', `${tags}  </head>`) : template;
      document = {
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
      };
      documents.set(key, document);
    }
    return document;
  }

  function sendDocument(request: FastifyRequest, reply: FastifyReply) {
    const document = documentFor(request);
    // The same URL answers another document with or without a session cookie.
    reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding').header('etag', document.etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === document.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(document.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(document.gzip);
    return reply.send(document.body);
  }

  // The landing page is a document like any other (the static plugin would answer its directory).
  if (serveSpa) app.get('/', { schema: { hide: true } }, sendDocument);
  app.setNotFoundHandler((request, reply) => {
    // Deep links (/clientes, /vendas/nova…) load the SPA; unknown /api paths stay JSON 404s.
    if (serveSpa && (request.method === 'GET' || request.method === 'HEAD') && request.url !== '/api' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?')) {
      return sendDocument(request, reply);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Rota ${request.method} ${request.url} não encontrada` });
  });
}
