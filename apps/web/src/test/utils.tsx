import { type Configuracoes, type Me, PERMISSOES, PERMISSOES_DO_PAPEL, type Papel, type Permissao, type Sessao } from '@caderneta/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
}
type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with a table of `"METHOD /path"` handlers. Requests are recorded; a request with
 * no handler fails loudly (listed in `unexpected`) instead of reaching a network.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname: path, searchParams: query } = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, query, body };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    if (!handler) {
      unexpected.push(`${method} ${path}`);
      throw new TypeError(`No fake for ${method} ${path}`);
    }
    return handler(request);
  });
  return {
    spy,
    requests,
    unexpected,
    calls: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
  };
}

/** A promise the test settles by hand, to observe a screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The shop's owner: every permission (issue 37). */
export const SELLER: Me = {
  user: { id: 'u1', nome: 'Maria da Silva', email: 'maria@mercadinho.com.br', avatar: null },
  pessoa: { papel: 'dono', permissoes: [...PERMISSOES], descontoMaximo: 100 },
  perfil: {
    nomeLoja: 'Mercadinho da Maria',
    idioma: 'pt-BR',
    moeda: 'BRL',
    fusoHorario: 'America/Sao_Paulo',
    etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' },
  },
};

/**
 * Someone of SELLER's shop with `papel`: its default permissions and discount cap unless given
 * (a Caixa: vender_avista, vender_fiado, registrar_pagamento, no discount).
 */
export function staff(papel: Exclude<Papel, 'dono'>, acesso: { permissoes?: Permissao[]; descontoMaximo?: number } = {}): Me {
  const padrao = PERMISSOES_DO_PAPEL[papel];
  return {
    ...SELLER,
    user: { id: 'u7', nome: 'Ana Caixa', email: 'ana@mercadinho.com.br', avatar: null },
    pessoa: { papel, permissoes: acesso.permissoes ?? [...padrao.permissoes], descontoMaximo: acesso.descontoMaximo ?? padrao.descontoMaximo },
  };
}

/** The session of the signed-in test browser (GET /api/me/sessoes). */
export const ESTA_SESSAO: Sessao = {
  id: 'sessao-1',
  criadaEm: '2025-03-01T12:00:00.000Z',
  ultimoUsoEm: '2025-03-10T12:00:00.000Z',
  expiraEm: '2025-03-17T12:00:00.000Z',
  ip: '127.0.0.1',
  navegador: null,
  atual: true,
};

/** SELLER's settings, as GET /api/configuracoes answers them. */
export const CONFIGURACOES: Configuracoes = {
  perfil: { nome: 'Maria da Silva', email: SELLER.user.email, avatar: null, telefone: null },
  loja: {
    nomeLoja: 'Mercadinho da Maria',
    telefoneLoja: '1133334444',
    enderecoLoja: null,
    documento: null,
    fusoHorario: 'America/Sao_Paulo',
    etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' },
  },
  notificacoes: { venda: true, pagamento: true, estoque_baixo: true, devedor: false },
  sistema: { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: false },
};

/**
 * A signed-in seller; the header's notification bell finds nothing unread, and their devices
 * (Configurações › Perfil, "Meus acessos") are this one.
 */
export const signedIn = (me: Me = SELLER) => ({
  'GET /api/me': () => jsonResponse(200, me),
  'GET /api/notificacoes/resumo': () => jsonResponse(200, { naoLidas: 0, recentes: [] }),
  'GET /api/me/sessoes': () => jsonResponse(200, { sessoes: [ESTA_SESSAO] }),
});
export const signedOut = () => ({
  'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in' }),
});

/** Renders the real app (routes, providers, toaster) at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The ids an `aria-describedby` or `aria-labelledby` under `root` points at that are not on the page (each read as nothing). */
export function missingReferences(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[aria-describedby], [aria-labelledby]')].flatMap((element) =>
    ['aria-describedby', 'aria-labelledby'].flatMap((attribute) =>
      (element.getAttribute(attribute) ?? '')
        .split(/\s+/)
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${attribute}="${id}" on <${element.tagName.toLowerCase()} id="${element.id}">`),
    ),
  );
}
