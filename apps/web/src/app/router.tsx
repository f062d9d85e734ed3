import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';

/**
 * Every page is its own lazily loaded chunk (`Component` export of routes/<name>.tsx), so the
 * public pages never download the signed-in app and vice versa.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      { path: 'auth', lazy: () => import('./routes/auth') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      // A payment receipt prints without the app's layout; the page checks the session itself.
      { path: 'recibos/:id', lazy: () => import('./routes/recibo') },
      // The customer page: public, phone-first, without the app's shell.
      { path: 'cliente', lazy: () => import('./routes/cliente') },
      { path: 'cliente/:login', lazy: () => import('./routes/cliente') },
      { path: 'cliente/:login/:resultado', lazy: () => import('./routes/cliente-resultado') },
      {
        // Signed-in area: session check + app layout.
        lazy: () => import('./routes/protected'),
        children: [
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          { path: 'vendas/nova', lazy: () => import('./routes/nova-venda') },
          { path: 'vendas', lazy: () => import('./routes/vendas') },
          { path: 'clientes', lazy: () => import('./routes/clientes') },
          { path: 'produtos', lazy: () => import('./routes/produtos') },
          { path: 'devedores', lazy: () => import('./routes/devedores') },
          { path: 'relatorios', lazy: () => import('./routes/relatorios') },
          { path: 'configuracoes', lazy: () => import('./routes/configuracoes') },
          { path: 'notificacoes', lazy: () => import('./routes/notificacoes') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
