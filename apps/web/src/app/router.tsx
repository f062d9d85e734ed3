import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { meQueryOptions } from '@/lib/get-me';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/**
 * A page's chunk and the texts it shows, fetched together: the route renders once both are in,
 * so no untranslated key flashes and no page downloads another page's texts.
 */
function page(load: () => Promise<Record<string, unknown>>, namespaces: readonly Namespace[]): LazyRoute {
  return (async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return mod;
  }) as LazyRoute;
}

/**
 * A loader that starts a page's first requests together with its chunk instead of after it, and
 * does not wait for them: the page's queries pick the answers up (and fetch again if one failed).
 */
function startEarly(start: (url: URL) => Promise<unknown>): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }) => {
      void start(new URL(request.url));
      return null;
    },
    // Only when the route is entered: a new search or filter is the page's own business, and a
    // navigation with no loader to run stays synchronous (two quick filter changes both count).
    shouldRevalidate: () => false,
  };
}

/** Every signed-in page shows the shell (layout, the notification bell) and server errors. */
const SHELL: Namespace[] = ['layout', 'errors', 'notificacoes'];
const PUBLIC_FORM: Namespace[] = ['auth', 'errors', 'validation'];
const CUSTOMER_PAGE: Namespace[] = ['portal', 'errors', 'validation'];

/**
 * Every page is its own lazily loaded chunk (`Component` export of routes/<name>.tsx), so the
 * public pages never download the signed-in app and vice versa.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: page(() => import('./routes/landing'), ['landing']) },
      { path: 'auth', lazy: page(() => import('./routes/auth'), PUBLIC_FORM) },
      { path: 'reset-password', lazy: page(() => import('./routes/reset-password'), PUBLIC_FORM) },
      // A payment receipt prints without the app's layout; the page checks the session itself.
      { path: 'recibos/:id', lazy: page(() => import('./routes/recibo'), ['financeiro', 'errors']) },
      // The customer page: public, phone-first, without the app's shell.
      { path: 'cliente', lazy: page(() => import('./routes/cliente'), CUSTOMER_PAGE) },
      { path: 'cliente/:login', lazy: page(() => import('./routes/cliente'), CUSTOMER_PAGE) },
      { path: 'cliente/:login/:resultado', lazy: page(() => import('./routes/cliente-resultado'), CUSTOMER_PAGE) },
      {
        // Signed-in area: session check + app layout. The session is asked for while the chunks load.
        lazy: page(() => import('./routes/protected'), SHELL),
        ...startEarly(() => queryClient.prefetchQuery(meQueryOptions())),
        children: [
          // Pages with forms load the validation messages too; the dashboard and notifications have none.
          {
            path: 'dashboard',
            lazy: page(() => import('./routes/dashboard'), ['dashboard', 'vendas', 'financeiro']),
            ...startEarly(() => import('@/features/dashboard/api/get-dashboard').then((m) => queryClient.prefetchQuery(m.dashboardQueryOptions()))),
          },
          { path: 'vendas/nova', lazy: page(() => import('./routes/nova-venda'), ['vendas', 'validation']) },
          {
            path: 'vendas',
            lazy: page(() => import('./routes/vendas'), ['vendas', 'validation']),
            // The first page without filters; a filtered or later page is asked for by the page itself.
            ...startEarly(async (url) => {
              if (url.search) return;
              const { primeiraPaginaVendas } = await import('@/features/vendas/api/get-vendas');
              await queryClient.prefetchQuery(primeiraPaginaVendas());
            }),
          },
          { path: 'clientes', lazy: page(() => import('./routes/clientes'), ['clientes', 'financeiro', 'validation']) },
          { path: 'produtos', lazy: page(() => import('./routes/produtos'), ['produtos', 'validation']) },
          { path: 'devedores', lazy: page(() => import('./routes/devedores'), ['devedores', 'financeiro', 'validation']) },
          { path: 'relatorios', lazy: page(() => import('./routes/relatorios'), ['relatorios', 'validation']) },
          { path: 'configuracoes', lazy: page(() => import('./routes/configuracoes'), ['configuracoes', 'backup', 'portal', 'auth', 'devedores', 'validation']) },
          { path: 'notificacoes', lazy: page(() => import('./routes/notificacoes'), ['notificacoes']) },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found'), []) },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
