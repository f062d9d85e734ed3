/**
 * Every error the API answers carries one of these codes; the web translates the code
 * (`errors:<CODE>`), so the server's `message` is only a fallback for other callers.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'INVALID_ACCESS_CODE',
  'EMAIL_IN_USE',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORDS_DO_NOT_MATCH',
  'ESTOQUE_INSUFICIENTE',
  'LIMITE_EXCEDIDO',
  'FIADO_NAO_PERMITIDO',
  'PRODUTO_INATIVO',
  'CLIENTE_INATIVO',
  'VENDA_JA_CANCELADA',
  'CLIENTE_TEM_VENDAS',
  'PRODUTO_TEM_VENDAS',
  'ESTOQUE_ALTERADO',
  'LOGIN_INDISPONIVEL',
  'TOTAL_VENDA_EXCEDIDO',
  'CROSS_SITE_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'SENHA_ATUAL_INCORRETA',
  'BACKUP_INVALIDO',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ApiIssue {
  /** Dotted path of the offending field, e.g. "telefone" or "itens.0.quantidade". */
  path: string;
  /** An i18n key (namespace "validation") or a zod issue code. */
  message: string;
}

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  issues?: ApiIssue[];
  /** Extra data a screen may show, e.g. { disponivel: 3 } for insufficient stock. */
  details?: Record<string, unknown>;
}
