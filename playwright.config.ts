import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium';

// The journeys run against the real server (built SPA + API) on embedded PGlite and, when
// E2E_DATABASE_URL is given (scripts/test.ts does), on a PostgreSQL server too.
const tmp = path.resolve('.tmp');
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: findChromium() ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  },
};

/** The journeys that run on the PostgreSQL server too (scripts/test.ts gives it). */
const POSTGRES_JOURNEYS = ['vendas', 'portal', 'backup', 'devedores'].map((name) => `**/${name}.spec.ts`);

interface Target {
  name: string;
  port: number;
  env: Record<string, string>;
}

// E2E_PORT_BASE lets several checkouts run their journeys side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4311);
const targets: Target[] = [{ name: 'pglite', port: portBase, env: { DATA_DIR: path.join(tmp, 'e2e-pglite') } }];
if (process.env.E2E_DATABASE_URL) {
  targets.push({ name: 'postgres', port: portBase + 1, env: { DATA_DIR: path.join(tmp, 'e2e-pg'), DATABASE_URL: process.env.E2E_DATABASE_URL } });
}

// The fake Mercado Pago the journeys pay through (a port of its own beside the app's).
const fakeMercadoPagoPort = portBase + 9;
// The fake WhatsApp Cloud API the notices go through.
const fakeWhatsappPort = portBase + 8;

const serverEnv = (t: Target) => ({
  ...t.env,
  PORT: String(t.port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${t.port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000',
  RATE_LIMIT_SIGN_UP: '1000',
  RATE_LIMIT_PASSWORD_RESET: '1000',
  RATE_LIMIT_BACKUP: '1000',
  RATE_LIMIT_CUSTOMER_PAGE: '1000',
  RATE_LIMIT_CUSTOMER_PAGE_PER_CODE: '1000',
  RATE_LIMIT_CUSTOMER_PAGE_MISSES: '1000',
  RATE_LIMIT_ONLINE_PAYMENT: '1000',
  MERCADOPAGO_API_URL: `http://127.0.0.1:${fakeMercadoPagoPort}`,
  // The notices to customers go out within seconds, not a minute: the journeys read them in the outbox.
  MENSAGENS_SEGUNDOS: '5',
  WHATSAPP_API_URL: `http://127.0.0.1:${fakeWhatsappPort}`,
});

export default defineConfig({
  testDir: './e2e',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  outputDir: path.join(tmp, 'test-results'),
  use: {
    // A failed journey keeps its trace (actions, network, DOM snapshots) and a screenshot of where
    // it stopped. The trace's screencast is off: filming every journey cost a third of its time on
    // two cores (the settings journeys: 33 and 37 s with it, 21 and 25 s without).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The app's service worker (apps/web/src/pwa/sw.ts) only where a journey is about it
    // (app-instalavel.spec.ts): elsewhere each page comes from the server, as the journeys expect.
    serviceWorkers: 'block',
  },
  projects: targets.map((t) => ({
    name: t.name,
    use: { ...chromium, baseURL: `http://127.0.0.1:${t.port}` },
    // On PostgreSQL, the journeys where money moves through every layer of the built server: sales
    // and cancellations, payments, the customer paying online, a backup restored. The rest (axe, the
    // phone layouts, the bundle guard, the shell, settings, lists) is the same page on either
    // database, and the API suite runs whole on PostgreSQL too (apps/api, project api-pg).
    ...(t.name === 'pglite' ? {} : { testMatch: POSTGRES_JOURNEYS }),
    // The journeys read the server's environment (outbox, database) through this.
    metadata: { env: serverEnv(t) },
  })),
  webServer: [
    {
      command: `node --import tsx apps/api/src/cli/fake-mercadopago.ts --port ${fakeMercadoPagoPort}`,
      url: `http://127.0.0.1:${fakeMercadoPagoPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    },
    {
      command: `node --import tsx apps/api/src/cli/fake-whatsapp.ts --port ${fakeWhatsappPort}`,
      url: `http://127.0.0.1:${fakeWhatsappPort}/__fake`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    },
    ...targets.map((t) => ({
    // The built server (`npm run build` made it; `npm run serve` is what users run).
    command: `rm -rf ${t.env.DATA_DIR} && node scripts/serve.mjs`,
    url: `http://127.0.0.1:${t.port}/api/health`,
    env: serverEnv(t),
    reuseExistingServer: false,
    // Let the server close its database cleanly.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
  ],
});
