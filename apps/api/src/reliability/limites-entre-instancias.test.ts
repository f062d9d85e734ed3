import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { ROOT } from '../../test/cli';
import { createTestDatabase } from '../../test/db';
import { send, signUpSeller, startInstance, type Answer, type Instance, type SellerClient } from '../../test/instance';
import { startPgbouncer, type Pgbouncer } from '../../test/pgbouncer';
import { reportFigures } from '../../test/report';
import type { RateLimitedRoute } from '../app';
import { loadConfig } from '../config';
import { createAccessCodes } from '../modules/codigos/codigos.service';

/*
 * Every limit the README's environment table lists holds across instances: two API processes on one
 * PostgreSQL (through pgbouncer), a client's requests alternating between them, and each budget is
 * spent once, not once per instance. The per-address limits are those of the app's own route table
 * (every route with `config.rateLimit`, HEAD included: a route added tomorrow is in the list and
 * gets its run here); the limits that are not a route's (per account, per code, per e-mail, the
 * customer page's misses) each have a scenario, and every RATE_LIMIT_* variable of the README must
 * be covered by one or the other.
 */

const ENV = {
  TRUST_PROXY: '127.0.0.1',
  MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
  RATE_LIMIT_SIGN_IN: '3',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '4',
  RATE_LIMIT_SIGN_UP: '3',
  RATE_LIMIT_PASSWORD_RESET: '2',
  RATE_LIMIT_CHANGE_PASSWORD: '3',
  RATE_LIMIT_BACKUP: '3',
  RATE_LIMIT_CUSTOMER_PAGE: '4',
  RATE_LIMIT_CUSTOMER_PAGE_PER_CODE: '5',
  RATE_LIMIT_CUSTOMER_PAGE_MISSES: '3',
  RATE_LIMIT_ONLINE_PAYMENT: '2',
};
const LIMITS = loadConfig(ENV).rateLimits;

/**
 * What covers each variable of the README's table: `route:` a route of the route table (run below
 * with every other one), `scenario:` one of SCENARIOS.
 */
const COVERAGE: Record<string, string[]> = {
  RATE_LIMIT_SIGN_IN: ['route:POST /api/auth/sign-in/email'],
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: ['scenario:sign-in per account'],
  RATE_LIMIT_SIGN_UP: ['route:POST /api/cadastro'],
  RATE_LIMIT_PASSWORD_RESET: [
    'route:POST /api/auth/request-password-reset',
    'route:POST /api/auth/reset-password',
    'route:GET /api/auth/reset-password/:token',
    'scenario:reset e-mails per address',
  ],
  RATE_LIMIT_CHANGE_PASSWORD: ['route:POST /api/auth/change-password'],
  RATE_LIMIT_BACKUP: ['route:GET /api/backup/exportar', 'route:POST /api/backup/validar', 'route:POST /api/backup/restaurar'],
  RATE_LIMIT_CUSTOMER_PAGE: ['route:GET /api/portal/:login'],
  RATE_LIMIT_CUSTOMER_PAGE_PER_CODE: ['scenario:customer page per code'],
  RATE_LIMIT_CUSTOMER_PAGE_MISSES: ['scenario:codes that open nothing'],
  RATE_LIMIT_ONLINE_PAYMENT: [
    'route:POST /api/portal/:login/pagamentos',
    'route:POST /api/portal/:login/pagamentos/:id/verificar',
    'scenario:online payments per code',
  ],
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pooler: Pgbouncer;
let local: TestApp;
let a: Instance;
let b: Instance;
let seller: SellerClient;
const dataDirs: string[] = [];
/** Customers' codes, each used by one scenario only (a code's own counters start at 0). */
const codes: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pooler = await startPgbouncer(database.url!);
  dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'caderneta-limites-a-')), mkdtempSync(path.join(os.tmpdir(), 'caderneta-limites-b-')));
  const env = { ...ENV, DATABASE_URL: pooler.url };
  [a, b] = await Promise.all([startInstance({ name: 'A', env: { ...env, DATA_DIR: dataDirs[0]! } }), startInstance({ name: 'B', env: { ...env, DATA_DIR: dataDirs[1]! } })]);
  // The same app in this process, with the instances' limits: its route table is what is checked.
  local = await buildTestApp({ shareDatabase: database, rateLimits: LIMITS });
  const [code] = await createAccessCodes(database.db, 1);
  seller = await signUpSeller(a, code!);
  for (let i = 0; i < 20; i++) {
    const cliente = await seller.request(i % 2 ? b : a, 'POST', '/api/clientes', { nome: `Cliente ${i}`, telefone: '11987654321', limiteCredito: 0 });
    if (cliente.status !== 201) throw new Error(`customer: ${cliente.status} ${JSON.stringify(cliente.body)}`);
    codes.push(cliente.body.login);
  }
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  await local?.close();
  pooler?.stop();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

let clients = 0;
/** A client address no other request of this file used (the instances trust the test's X-Forwarded-For). */
const newClient = () => {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};
const takeCodes = (n: number) => codes.splice(0, n);
/** The i-th request lands on A, then B, then A…: a round-robin load balancer. */
const on = (i: number) => (i % 2 ? b : a);
const from = (client: string) => ({ 'x-forwarded-for': client });

interface Request {
  url: string;
  body?: unknown;
}

/** The i-th request of a route's run: one that reaches the route and is refused by nothing but the limit under test. */
function requestsFor(route: RateLimitedRoute): (i: number) => Request {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  switch (`${method} ${route.url}`) {
    case 'GET /api/portal/:login': {
      // A real code (a wrong one would meet the misses limit first), below its per-code limit.
      const [login] = takeCodes(1);
      return () => ({ url: `/api/portal/${login}` });
    }
    case 'POST /api/portal/:login/avisos/parar': {
      // A real code (a wrong one would meet the misses limit first): a customer who never consented is answered 409 until the limit.
      const [login] = takeCodes(1);
      return () => ({ url: `/api/portal/${login}/avisos/parar` });
    }
    case 'POST /api/portal/:login/pagamentos': {
      // A code per request: the per-code limit is as small as the per-address one.
      const logins = takeCodes(route.max + 2);
      return (i) => ({ url: `/api/portal/${logins[i]}/pagamentos`, body: { metodo: 'pix' } });
    }
    case 'POST /api/portal/:login/pagamentos/:id/verificar': {
      const logins = takeCodes(route.max + 2);
      return (i) => ({ url: `/api/portal/${logins[i]}/pagamentos/${crypto.randomUUID()}/verificar` });
    }
    default:
      // Anything else is limited before it is validated: any parameters will do.
      return (i) => ({ url: route.url.replace(/:(\w+)/g, (_, name: string) => `${name}${i}`), body: method === 'GET' ? undefined : {} });
  }
}

/**
 * One client spends the route's budget through both instances (GET and HEAD alternating for a
 * HEAD route, which shares its GET's budget): none of those is refused, the next one is, on either.
 */
async function budgetShared(route: RateLimitedRoute): Promise<{ passed: Answer[]; over: Answer[] }> {
  const client = newClient();
  const request = requestsFor(route);
  const method = (i: number) => (route.method === 'HEAD' ? (i % 2 ? 'GET' : 'HEAD') : route.method);
  // As a signed-in seller: the uploads of a backup check the session before they count (an
  // anonymous request costs nothing there); the other routes count before they look at it.
  const go = (i: number) => {
    const r = request(i);
    return seller.request(on(i), method(i), r.url, r.body, from(client));
  };
  const passed: Answer[] = [];
  // Big budgets (the webhook's 600 a minute) in concurrent batches: the counter is one atomic upsert.
  const batch = route.max > 30 ? 20 : 1;
  for (let i = 0; i < route.max; i += batch) passed.push(...(await Promise.all(Array.from({ length: Math.min(batch, route.max - i) }, (_, k) => go(i + k)))));
  const over = [await go(route.max), await go(route.max + 1)];
  return { passed, over };
}

/** The e-mails of an address written to both instances' outboxes (no SMTP_URL). */
function mailsTo(address: string): number {
  let n = 0;
  for (const dir of dataDirs) {
    const outbox = path.join(dir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) if ((JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string }).to === address) n++;
  }
  return n;
}

const statuses = (answers: Answer[]) => answers.map((r) => r.status);

/** The limits that are not a route's, each spent through both instances. */
const SCENARIOS: Record<string, () => Promise<void>> = {
  'sign-in per account': async () => {
    const email = `alvo-${Date.now()}@example.com`;
    const attempt = (i: number) => send(on(i), 'POST', '/api/auth/sign-in/email', { email, password: 'errada123' }, from(newClient()));
    const answers: Answer[] = [];
    for (let i = 0; i < LIMITS.signInPerAccount + 2; i++) answers.push(await attempt(i));
    expect(statuses(answers)).toEqual([...Array(LIMITS.signInPerAccount).fill(401), 429, 429]);
  },

  'reset e-mails per address': async () => {
    const ask = (i: number) => send(on(i), 'POST', '/api/auth/request-password-reset', { email: seller.email, redirectTo: '/reset-password' }, from(newClient()));
    for (let i = 0; i < LIMITS.passwordReset; i++) expect((await ask(i)).status).toBe(200);
    for (let waited = 0; mailsTo(seller.email) < LIMITS.passwordReset && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(seller.email)).toBe(LIMITS.passwordReset);
    // Past it, on either instance: the same answer, and nothing sent.
    for (let i = 0; i < 2; i++) expect((await ask(i)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(mailsTo(seller.email)).toBe(LIMITS.passwordReset);
  },

  'customer page per code': async () => {
    const [login] = takeCodes(1);
    const look = (i: number, cookie?: string) => send(on(i), 'GET', `/api/portal/${login}`, undefined, { ...from(newClient()), ...(cookie ? { cookie } : {}) });
    const answers: Answer[] = [];
    for (let i = 0; i < LIMITS.portalLookupPerCode; i++) answers.push(await look(i));
    expect(statuses(answers)).toEqual(Array(LIMITS.portalLookupPerCode).fill(200));
    expect(statuses([await look(0), await look(1)])).toEqual([429, 429]);
    // The browser that opened it (its cookie from instance A) still opens it on both.
    const cookie = answers[0]!.headers!.getSetCookie()[0]!.split(';')[0]!;
    expect(statuses([await look(0, cookie), await look(1, cookie)])).toEqual([200, 200]);
  },

  'codes that open nothing': async () => {
    const client = newClient();
    const [login] = takeCodes(1);
    const answers: Answer[] = [];
    for (let i = 0; i < LIMITS.portalMisses; i++) answers.push(await send(on(i), 'GET', `/api/portal/ninguem${10_000 + i}`, undefined, from(client)));
    expect(statuses(answers)).toEqual(Array(LIMITS.portalMisses).fill(404));
    // Now even a real code is refused to that address, on either instance.
    const real = (i: number) => send(on(i), 'GET', `/api/portal/${login}`, undefined, from(client));
    expect(statuses([await real(0), await real(1)])).toEqual([429, 429]);
  },

  'online payments per code': async () => {
    for (const [what, max, url] of [
      ['start', LIMITS.portalPayment, (login: string) => `/api/portal/${login}/pagamentos`],
      ['status check', LIMITS.portalPayment * 3, (login: string) => `/api/portal/${login}/pagamentos/${crypto.randomUUID()}/verificar`],
    ] as const) {
      const [login] = takeCodes(1);
      const answers: Answer[] = [];
      for (let i = 0; i < max + 2; i++) answers.push(await send(on(i), 'POST', url(login!), { metodo: 'pix' }, from(newClient())));
      expect(statuses(answers.slice(0, max)).filter((s) => s === 429 || s === 0), what).toEqual([]);
      expect(statuses(answers.slice(max)), what).toEqual([429, 429]);
    }
  },
};

describe('every rate limit of the README holds across two instances on one PostgreSQL', () => {
  it('covers every RATE_LIMIT_* variable of the README with a route of the route table or a scenario', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const variables = [...readme.matchAll(/^\| `(RATE_LIMIT_[A-Z_]+)` \|/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(5);
    expect(Object.keys(COVERAGE).sort()).toEqual([...variables].sort());
    for (const variable of variables) expect(ENV, `${variable} is set for the instances`).toHaveProperty(variable);
    const routes = new Set(local.app.rateLimitedRoutes.map((r) => `route:${r.method} ${r.url}`));
    for (const [variable, covered] of Object.entries(COVERAGE)) {
      for (const what of covered) expect(what.startsWith('route:') ? routes.has(what) : what.slice('scenario:'.length) in SCENARIOS, `${variable}: ${what}`).toBe(true);
    }
  });

  it("spends each limited route's budget once through both instances: the next request is refused on either", async () => {
    const routes = local.app.rateLimitedRoutes;
    // The route table as the app builds it, not a list kept here (a HEAD for every limited GET).
    expect(routes.length).toBeGreaterThanOrEqual(19);
    const failures: string[] = [];
    const figures: Record<string, string> = {};
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const { passed, over } = await budgetShared(route);
      const refusedEarly = passed.filter((r) => r.status === 429 || r.status === 0);
      if (refusedEarly.length || statuses(over).some((s) => s !== 429)) {
        failures.push(`${name} (max ${route.max}): ${refusedEarly.length} refused within the budget, then ${statuses(over).join(', ')}`);
      }
      figures[name] = `${passed.length} allowed, then ${statuses(over).join('/')}`;
    }
    reportFigures('rate-limits-every-route-two-instances', { routes: routes.length, ...figures });
    expect(failures).toEqual([]);
  });

  it.each(Object.keys(SCENARIOS))('%s: counted across both instances', async (name) => {
    await SCENARIOS[name]!();
  });
});
