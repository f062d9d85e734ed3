import type { EstoqueInsuficienteDetails, LimiteExcedidoDetails } from './schemas/vendas';
import type { BackupErro } from './schemas/backup';
import type { Unidade } from './unidades';
import type { Permissao } from './schemas/equipe';

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
  'ESTOQUE_INSUFICIENTE',
  'LIMITE_EXCEDIDO',
  'FIADO_NAO_PERMITIDO',
  'PRODUTO_INATIVO',
  'CLIENTE_INATIVO',
  'VENDA_JA_CANCELADA',
  'CLIENTE_TEM_VENDAS',
  'PRODUTO_TEM_VENDAS',
  'UNIDADE_COM_VENDAS',
  'ESTOQUE_ALTERADO',
  'CODIGO_BARRAS_EM_USO',
  'LOGIN_INDISPONIVEL',
  'TOTAL_VENDA_EXCEDIDO',
  'CROSS_SITE_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'CLIENTE_NAO_ENCONTRADO',
  'SEM_SALDO_PENDENTE',
  'PAGAMENTO_ONLINE_INDISPONIVEL',
  'PAGAMENTO_ONLINE_EM_ANDAMENTO',
  'MP_TOKEN_NECESSARIO',
  'MP_TOKEN_INVALIDO',
  'MP_INDISPONIVEL',
  'MP_ASSINATURA_INVALIDA',
  'CLIENTE_SEM_DIVIDA',
  'SENHA_ATUAL_INCORRETA',
  'BACKUP_INVALIDO',
  'ESTOQUE_ACIMA_DO_MAXIMO',
  'BACKUP_EM_ANDAMENTO',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'SEM_PERMISSAO',
  'DESCONTO_ACIMA_DO_PERMITIDO',
  'USUARIO_EM_USO',
  'CONVITE_INVALIDO',
  'ULTIMO_DONO',
  'LIMITE_PESSOAS',
  'IMPORTACAO_EM_USO',
  'IMPORTACAO_DESFEITA',
  'CONTESTACAO_ABERTA',
  'CONTESTACAO_RESOLVIDA',
  'CONTESTACAO_JA_RESOLVIDA',
  'CONTESTACAO_NAO_CANCELAVEL',
  'COBRANCA_PAUSADA',
  'SEM_AVISOS',
  'WHATSAPP_INCOMPLETO',
  'WHATSAPP_RECUSOU',
  'WHATSAPP_INDISPONIVEL',
  'WHATSAPP_ASSINATURA_INVALIDA',
  'WHATSAPP_DESLIGADO',
  'TELEFONE_SEM_WHATSAPP',
  'AVISOS_JA_AUTORIZADOS',
  'AVISOS_RECUSADOS',
  'CONVITE_JA_ENVIADO',
  'PARCELAMENTO_ATIVO',
  'SEM_PARCELAMENTO',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ApiIssue {
  /** Dotted path of the offending field, e.g. "telefone" or "itens.0.quantidade". */
  path: string;
  /** An i18n key (namespace "validation") or a zod issue code. */
  message: string;
}

/**
 * The `details` each error code carries (a code not listed carries none): the server must send
 * them (`AppError(code, status, { details })`) and the web reads them typed, without casts.
 */
export type ErrorDetailsByCode = DetailsOfKnownCodes<{
  /** A product of a new sale that does not exist (or is another seller's). */
  NOT_FOUND: { produtoId: string };
  ESTOQUE_INSUFICIENTE: EstoqueInsuficienteDetails;
  LIMITE_EXCEDIDO: LimiteExcedidoDetails;
  FIADO_NAO_PERMITIDO: { clienteId: string; cliente: string };
  PRODUTO_INATIVO: { produtoId: string; produtoNome: string };
  CLIENTE_INATIVO: { clienteId: string };
  TOTAL_VENDA_EXCEDIDO: { maximo: number };
  ESTOQUE_ALTERADO: { estoqueAtual: number; unidade: Unidade };
  /** Another active product of the seller already has this barcode. */
  CODIGO_BARRAS_EM_USO: { produtoId: string; produtoNome: string };
  /** The customer's online payment in progress, which holds a new one back. */
  PAGAMENTO_ONLINE_EM_ANDAMENTO: { pagamentoId: string; metodo: 'pix' | 'cartao'; valorTotal: number; criadoEm: string };
  /** Cancelling the sale would take this product's stock past MAX_ESTOQUE_GUARDADO. */
  ESTOQUE_ACIMA_DO_MAXIMO: { produtoId: string; produtoNome: string; unidade: Unidade; maximo: number };
  /** A product already sold by the unit cannot become weighed (or back): its sales are counted in `unidade`. */
  UNIDADE_COM_VENDAS: { unidade: Unidade };
  /** Why a backup file is refused, and where (table, row, field). */
  BACKUP_INVALIDO: BackupErro;
  /** The signed-in person's role lacks this permission (issue 37). */
  SEM_PERMISSAO: { permissao: Permissao };
  /** A line's price is further below the catalogue's than the person may give (percent). */
  DESCONTO_ACIMA_DO_PERMITIDO: { produtoId: string | null; produtoNome: string; maximo: number };
}>;
/** Only codes of `ERROR_CODES` may carry details (a misspelt key fails the typecheck). */
type DetailsOfKnownCodes<T extends Partial<Record<(typeof ERROR_CODES)[number], object>>> = T;

/** The details of `code`'s errors; `never` for a code that carries none. */
export type ErrorDetails<C extends ErrorCode> = C extends keyof ErrorDetailsByCode ? ErrorDetailsByCode[C] : never;

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  issues?: ApiIssue[];
  /** Extra data a screen may show, e.g. { disponivel: 3 } for insufficient stock. */
  details?: Record<string, unknown>;
}
