import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { meQueryOptions } from '@/lib/get-me';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import { PageLoading } from './page-loading';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, SHELL, SIGNED_IN_PAGES } from './route-table';
import { RouteError } from './route-error';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** Every page module, each its own chunk, imported when its route is first entered. */
const routeModules = import.meta.glob<Record<string, unknown>>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/**
 * A page's chunk and the texts it shows, fetched together: the route renders once both are in,
 * so no untranslated key flashes and no page downloads another page's texts.
 */
function page({ module, namespaces }: { module: string; namespaces: readonly Namespace[] }): LazyRoute {
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No page module routes/${module}.tsx`);
  return (async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return mod;
  }) as LazyRoute;
}

/**
 * A loader that starts a page's first requests together with its chunk instead of after it, and
 * does not wait for them: the page's queries pick the answers up (and fetch again if one failed).
 * On a first load the server has announced them in the HTML already (route-table.ts), and the
 * browser hands over what it fetched.
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

/** A route's path as react-router nests it (the table writes whole URLs). */
const relative = (path: string) => path.replace(/^\//, '');

/**
 * Every page is its own lazily loaded chunk (`Component` export of routes/<name>.tsx), so the
 * public pages never download the signed-in app and vice versa. Which pages exist, with which
 * texts, is app/route-table.ts.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => {
  const { landing, ...publicPages } = PUBLIC_PAGES;
  const { dashboard, vendas, ...signedInPages } = SIGNED_IN_PAGES;
  return [
    {
      id: 'root',
      Component: Outlet,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        { index: true, lazy: page(landing) },
        ...Object.values(publicPages).map((entry) => ({ path: relative(entry.path), lazy: page(entry) })),
        {
          // Signed-in area: session check + app layout. The session is asked for while the chunks load.
          lazy: page(SHELL),
          ...startEarly(() => queryClient.prefetchQuery(meQueryOptions())),
          children: [
            {
              path: relative(dashboard.path),
              lazy: page(dashboard),
              ...startEarly(() => import('@/features/dashboard/api/get-dashboard').then((m) => queryClient.prefetchQuery(m.dashboardQueryOptions()))),
            },
            {
              path: relative(vendas.path),
              lazy: page(vendas),
              // The first page without filters; a filtered or later page is asked for by the page itself.
              ...startEarly(async (url) => {
                if (url.search) return;
                const { primeiraPaginaVendas } = await import('@/features/vendas/api/get-vendas');
                await queryClient.prefetchQuery(primeiraPaginaVendas());
              }),
            },
            ...Object.values(signedInPages).map((entry) => ({ path: relative(entry.path), lazy: page(entry) })),
          ],
        },
        { path: NOT_FOUND_PAGE.path, lazy: page(NOT_FOUND_PAGE) },
      ],
    },
  ];
};

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
