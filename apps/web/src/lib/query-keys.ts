import type { ClientesQuery, DevedoresQuery, NotificacoesQuery, ProdutosQuery, VendasQuery } from '@caderneta/shared';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every TanStack Query key of the app. The first element names the area; invalidating an area's
 * root (`queryKeys.clientes.all`) refreshes every query under it, so a mutation names what it
 * moved with `invalidateAreas`, without importing the features that own those screens.
 */
export const queryKeys = {
  /** The signed-in seller (`Me | null`); see lib/get-me.ts. */
  me: ['me'] as const,
  dashboard: ['dashboard'] as const,
  clientes: {
    all: ['clientes'] as const,
    list: (query: ClientesQuery) => ['clientes', 'list', query] as const,
    /** The customer picker of the new-sale screen. */
    paraVenda: (busca: string, pageSize: number) => ['clientes', 'nova-venda', busca, pageSize] as const,
    /** Customers alike the one "Novo Cliente" is about to register. */
    semelhantes: (query: { nome: string; telefone: string }) => ['clientes', 'semelhantes', query] as const,
  },
  produtos: {
    all: ['produtos'] as const,
    list: (query: ProdutosQuery) => ['produtos', 'list', query] as const,
    paraVenda: (busca: string) => ['produtos', 'nova-venda', busca] as const,
  },
  vendas: {
    all: ['vendas'] as const,
    list: (query: VendasQuery) => ['vendas', 'list', query] as const,
    detail: (id: string) => ['vendas', 'detail', id] as const,
  },
  financeiro: {
    all: ['financeiro'] as const,
    extrato: (clienteId: string | null, page: number, pageSize: number) => ['financeiro', 'extrato', clienteId, page, pageSize] as const,
    recibo: (id: string) => ['financeiro', 'recibo', id] as const,
  },
  notificacoes: {
    all: ['notificacoes'] as const,
    list: (query: NotificacoesQuery) => ['notificacoes', 'list', query] as const,
    /** The bell's unread count and latest notifications (polled). */
    resumo: ['notificacoes', 'resumo'] as const,
  },
  /** /relatorios: one tab's figures for one period choice. */
  relatorios: {
    all: ['relatorios'] as const,
    aba: (aba: string, escolha: unknown) => ['relatorios', aba, escolha] as const,
  },
  /** The public customer page (by access code) and its online payments. */
  portal: {
    all: ['portal'] as const,
    cliente: (login: string) => ['portal', 'cliente', login] as const,
    exemplos: ['portal', 'exemplos'] as const,
    pagamento: (login: string, id: string) => ['portal', 'pagamento', login, id] as const,
  },
  configuracoes: {
    all: ['configuracoes'] as const,
    mercadopago: ['configuracoes', 'mercadopago'] as const,
    pix: ['configuracoes', 'pix'] as const,
    /** Every tab of the seller's own settings (Perfil, Loja, Notificações, Sistema). */
    abas: ['configuracoes', 'abas'] as const,
  },
  backup: {
    all: ['backup'] as const,
    automaticos: ['backup', 'automaticos'] as const,
  },
  devedores: {
    all: ['devedores'] as const,
    list: (query: DevedoresQuery) => ['devedores', 'list', query] as const,
    detail: (id: string | null) => ['devedores', 'detail', id] as const,
  },
  /** The seller's due-date rule, messages and reminder settings. */
  cobranca: ['cobranca'] as const,
};

/** The areas a mutation can refresh (the first element of every key above but the session). */
export type QueryArea =
  | 'dashboard'
  | 'clientes'
  | 'produtos'
  | 'vendas'
  | 'financeiro'
  | 'notificacoes'
  | 'relatorios'
  | 'portal'
  | 'configuracoes'
  | 'backup'
  | 'devedores'
  | 'cobranca';

/** Refreshes every query of the named areas (after a write that moved them). */
export function invalidateAreas(queryClient: QueryClient, areas: readonly QueryArea[]) {
  return Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
}

type ParamValue = string | number | boolean | null | undefined;

/**
 * `?a=1&b=x` for a list request, in the object's order: strings are trimmed, and empty values
 * (undefined, null, '') and values equal to their default in `defaults` are left out, so the
 * server applies its own defaults. '' when nothing is left.
 */
export function toSearchParams(query: Readonly<Record<string, ParamValue>>, defaults: Readonly<Record<string, ParamValue>> = {}): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
