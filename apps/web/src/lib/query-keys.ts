import type { AuditoriaQuery, ClientesQuery, DevedoresQuery, NotificacoesQuery, ProdutosQuery, VendasQuery } from '@caderneta/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * Every TanStack Query key of the app. The first element names the area; invalidating an area's
 * root (`queryKeys.clientes.all`) refreshes every query under it, so a mutation names what it
 * moved in `REFRESHES` (below), without importing the features that own those screens.
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
    /** How the customer pays (the last 12 months) and the suggested limit: moves with every sale and entry. */
    comoPaga: (id: string | null) => ['clientes', 'como-paga', id] as const,
    /** The entries the customer disputed on their page, and the shop's answers. */
    contestacoes: (id: string | null) => ['clientes', 'contestacoes', id] as const,
    /** The automatic messages sent (or waiting) to the customer: each entry of the ledger may add one. */
    mensagens: (id: string | null) => ['clientes', 'mensagens', id] as const,
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
  /** The shop's history: its filtered rows (keyset pages) and the authors it can be filtered by. */
  historico: {
    all: ['historico'] as const,
    list: (filtros: Omit<AuditoriaQuery, 'cursor' | 'pageSize'>) => ['historico', 'list', filtros] as const,
    autores: ['historico', 'autores'] as const,
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
    whatsapp: ['configuracoes', 'whatsapp'] as const,
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
    parcelamento: (id: string) => ['devedores', 'parcelamento', id] as const,
  },
  /** The seller's due-date rule, messages and reminder settings. */
  cobranca: ['cobranca'] as const,
  /** The people of the shop, and an invitation's public page (by its link's token). */
  equipe: {
    all: ['equipe'] as const,
    convite: (token: string) => ['equipe', 'convite', token] as const,
  },
  /** The signed-in person's own devices (GET /api/me/sessoes). */
  sessoes: ['sessoes'] as const,
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
  | 'historico'
  | 'portal'
  | 'configuracoes'
  | 'backup'
  | 'devedores'
  | 'cobranca'
  | 'equipe'
  | 'sessoes';

/** Refreshes every query of the named areas (after a write that moved them). */
export function invalidateAreas(queryClient: QueryClient, areas: readonly (QueryArea | 'me')[]) {
  return Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
}

/** A sale or its cancellation: sales, customers' balances, products' stock, the dashboard, statements, notifications, the reports. */
const VENDA = ['vendas', 'clientes', 'produtos', 'dashboard', 'financeiro', 'notificacoes', 'relatorios'] as const;
/** A ledger entry: balances, debtors, sales' paid status, statements, the dashboard, notifications, the reports. */
const LANCAMENTO = ['financeiro', 'clientes', 'devedores', 'vendas', 'dashboard', 'notificacoes', 'relatorios'] as const;
/** Every area and the session: what a restored backup replaced. */
const EVERYTHING = ['me', 'dashboard', 'clientes', 'produtos', 'vendas', 'financeiro', 'notificacoes', 'relatorios', 'historico', 'portal', 'configuracoes', 'backup', 'devedores', 'cobranca', 'equipe', 'sessoes'] as const;
/** A product changed: its lists, notifications (a save may raise "Estoque Baixo") and the reports (stock). */
const PRODUTO = ['produtos', 'notificacoes', 'relatorios'] as const;

/**
 * Every write of the web app and the areas it refreshes once it succeeded: the one place that says
 * what a write moves. Every mutation's `onSuccess` calls `refreshAfter(queryClient, '<its name>')`;
 * writes that move nothing cached, or only put their own answer in the cache, have `[]` (so what
 * one of them refreshes one day is said here, not in its hook).
 */
export const REFRESHES = {
  createCliente: ['clientes'],
  updateCliente: ['clientes'],
  deleteCliente: ['clientes'],
  setClienteAtivo: ['clientes'],
  regenerateLogin: ['clientes'],
  createProduto: PRODUTO,
  updateProduto: PRODUTO,
  deleteProduto: PRODUTO,
  setProdutoAtivo: PRODUTO,
  createVenda: VENDA,
  cancelVenda: VENDA,
  createPagamento: LANCAMENTO,
  createAjuste: LANCAMENTO,
  markNotificacaoLida: ['notificacoes'],
  markNotificacoesLidas: ['notificacoes'],
  /** The rule moves every due date on Devedores and the reports' overdue figures. */
  updateRegra: ['devedores', 'relatorios'],
  /** The "A vencer" window may have changed. */
  updateMensagens: ['devedores'],
  /** Turning the régua on queues today's reminders: the customers' message logs. */
  updateRegua: ['devedores', 'clientes'],
  updateCobrancaCliente: ['devedores'],
  updatePromessa: ['devedores', 'clientes'],
  createLembrete: ['devedores'],
  /** Instalments move the customer's due date: the debtors, the dashboard's overdue figures, the reports, the history. */
  updateParcelamento: ['devedores', 'clientes', 'dashboard', 'relatorios', 'historico'],
  /** A dispute resolved: a sale cancelled or a credit posted moves everything an entry moves; the card's pause ends. */
  resolveContestacao: [...VENDA, 'devedores', 'historico'],
  /** Each settings tab reloads the session (name, photo, shop, time zone, currency, language)… */
  'updateConfiguracoes.perfil': ['me'],
  'updateConfiguracoes.loja': ['me'],
  'updateConfiguracoes.notificacoes': ['me'],
  /** …and Sistema the automatic-backup list, which says whether the switch is on. */
  'updateConfiguracoes.sistema': ['me', 'backup'],
  /** The debtors' messages carry the PIX code ({pix}): they follow the new key at once. */
  updatePixConfig: ['devedores', 'cobranca'],
  /** Everything the app shows came from the shop that was just replaced. */
  restoreBackup: EVERYTHING,
  updateMercadopagoConfig: [],
  testMercadopago: [],
  updateWhatsappConfig: [],
  testWhatsapp: [],
  changePassword: [],
  updatePreferences: [],
  signIn: [],
  signUp: [],
  signOut: [],
  requestPasswordReset: [],
  resetPassword: [],
  createPagamentoOnline: [],
  /** "Reconheço" / "Não reconheço": the customer page shows the answer on the entry. */
  createConferencia: ['portal'],
  stopAvisos: ['portal'],
  createConviteAvisos: ['clientes'],
  convidarPessoa: ['equipe'],
  criarLoginPessoa: ['equipe'],
  alterarPessoa: ['equipe'],
  reenviarConvite: ['equipe'],
  /** A password set or sessions ended change nothing the Equipe screen shows. */
  redefinirSenhaPessoa: [],
  encerrarSessoesPessoa: [],
  aceitarConvite: [],
  /** One of the person's own devices signed out: the list without it. */
  encerrarSessao: ['sessoes'],
} as const satisfies Record<string, readonly (QueryArea | 'me')[]>;

export type MutationName = keyof typeof REFRESHES;

/** Refreshes what `mutation` moved (see `REFRESHES`). */
export function refreshAfter(queryClient: QueryClient, mutation: MutationName) {
  return invalidateAreas(queryClient, REFRESHES[mutation]);
}

/**
 * For a write that got no answer (a ledger entry): it may be saved all the same, so what it would
 * have moved is refreshed too, and the balances behind the dialog tell the truth before anyone
 * types it again in a new dialog (which has a new key).
 */
export function refreshAfterNoAnswer(queryClient: QueryClient, mutation: MutationName, error: unknown) {
  if (isApiError(error, 'NETWORK')) void refreshAfter(queryClient, mutation);
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
