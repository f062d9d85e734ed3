import type { Namespace } from '../lib/i18n';

/**
 * Every page as data: the router builds its routes from it (app/router.tsx), and the web build turns
 * it into the hints the server writes into each page's HTML (vite.config.ts → dist/.vite/
 * route-hints.json; docs/decisions/020): the page's chunks, its texts and its first requests are
 * then fetched with the document instead of after the app's code has run. No imports but types:
 * vite.config.ts reads it at build time.
 */
export interface PageEntry {
  /** The page's URL, react-router style (`:name` is one path segment). */
  path: string;
  /** Its module, src/app/routes/<module>.tsx. */
  module: string;
  /** The texts it shows besides `common` (loaded with its chunk). */
  namespaces: readonly Namespace[];
  /** Requests it starts on a first load without search parameters (the session aside). */
  requests?: readonly string[];
  /** Modules its loader imports to start those requests (src/…). */
  loads?: readonly string[];
}

const PUBLIC_FORM = ['auth', 'errors', 'validation'] as const;
const CUSTOMER_PAGE = ['portal', 'errors', 'validation'] as const;

/** Pages outside the signed-in shell. */
export const PUBLIC_PAGES = {
  landing: { path: '/', module: 'landing', namespaces: ['landing'] },
  auth: { path: '/auth', module: 'auth', namespaces: PUBLIC_FORM },
  resetPassword: { path: '/reset-password', module: 'reset-password', namespaces: PUBLIC_FORM },
  // An invitation to a shop's team: the invited person sets their password (issue 37).
  convite: { path: '/convite/:token', module: 'convite', namespaces: PUBLIC_FORM },
  // A payment receipt prints without the app's layout; the page checks the session itself.
  recibo: { path: '/recibos/:id', module: 'recibo', namespaces: ['financeiro', 'errors'] },
  // A customer's statement, printed or shared the same way.
  extrato: { path: '/extratos/:id', module: 'extrato', namespaces: ['financeiro', 'errors'] },
  // The customer page: public, phone-first, without the app's shell.
  clienteInicio: { path: '/cliente', module: 'cliente', namespaces: CUSTOMER_PAGE },
  cliente: { path: '/cliente/:login', module: 'cliente', namespaces: CUSTOMER_PAGE },
  clienteResultado: { path: '/cliente/:login/:resultado', module: 'cliente-resultado', namespaces: CUSTOMER_PAGE },
} as const satisfies Record<string, PageEntry>;

/**
 * The signed-in shell (routes/protected.tsx: session check and layout) and its texts; it asks for
 * the session (`SESSION_REQUEST`) while the page's chunks load.
 */
export const SHELL = { module: 'protected', namespaces: ['layout', 'errors', 'notificacoes'] } as const;
export const SESSION_REQUEST = '/api/me';

/** Pages inside the shell. Pages with forms load the validation messages too. */
export const SIGNED_IN_PAGES = {
  dashboard: {
    path: '/dashboard',
    module: 'dashboard',
    // Its sale and payment labels are its own texts: the page loads no other namespace (bundle budget).
    namespaces: ['dashboard'],
    requests: ['/api/dashboard'],
    loads: ['src/features/dashboard/api/get-dashboard.ts'],
  },
  novaVenda: { path: '/vendas/nova', module: 'nova-venda', namespaces: ['vendas', 'validation', 'offline'] },
  vendas: {
    path: '/vendas',
    module: 'vendas',
    namespaces: ['vendas', 'validation', 'offline'],
    // The first page without filters (get-vendas.ts `primeiraPaginaVendas`).
    requests: ['/api/vendas?pageSize=20'],
    loads: ['src/features/vendas/api/get-vendas.ts'],
  },
  clientes: { path: '/clientes', module: 'clientes', namespaces: ['clientes', 'financeiro', 'vendas', 'validation', 'offline'] },
  produtos: { path: '/produtos', module: 'produtos', namespaces: ['produtos', 'validation'] },
  devedores: { path: '/devedores', module: 'devedores', namespaces: ['devedores', 'financeiro', 'validation', 'offline'] },
  relatorios: { path: '/relatorios', module: 'relatorios', namespaces: ['relatorios', 'validation'] },
  // A person's role and permissions are said in the Equipe screen's words.
  historico: { path: '/historico', module: 'historico', namespaces: ['historico', 'equipe'] },
  equipe: { path: '/equipe', module: 'equipe', namespaces: ['equipe', 'validation'] },
  // Sistema has the "Importar planilha" card (issue 39).
  configuracoes: { path: '/configuracoes', module: 'configuracoes', namespaces: ['configuracoes', 'backup', 'importacao', 'portal', 'auth', 'devedores', 'validation'] },
  // A spreadsheet of customers (with opening balances) or products, read in the browser (issue 39).
  importar: { path: '/importar/:tipo', module: 'importar', namespaces: ['importacao', 'validation'] },
  notificacoes: { path: '/notificacoes', module: 'notificacoes', namespaces: ['notificacoes'] },
} as const satisfies Record<string, PageEntry>;

/** Any other URL. */
export const NOT_FOUND_PAGE = { path: '*', module: 'not-found', namespaces: [] } as const satisfies PageEntry;
