import { z } from 'zod';
import { isValidCpf } from '../pix';
import { MAX_ESTOQUE_QUALQUER, UNIDADES } from '../unidades';
import { MAX_LIMITE_CREDITO, MAX_PRECO, isoDateSchema, safeString } from './campos';

/**
 * Importing a shop's paper caderneta or another app's export (issue 39, ADR 039). The browser reads
 * the file, matches its columns and shows every row with its problems (importacao/); the server
 * receives the rows already read — typed, in centavos, phones as digits — checks them again with
 * these schemas and writes them all in one transaction, or nothing.
 */

/** Most data rows one import takes (the 20,000 customers with balances, in ≤ 10 s). */
export const MAX_LINHAS_IMPORTACAO = 20_000;
/** Most columns a file may have (Google Contacts' export has about 30). */
export const MAX_COLUNAS_IMPORTACAO = 100;
/** Largest file read (a 20,000-row CSV is about 2 MB). */
export const MAX_BYTES_IMPORTACAO = 10 * 1024 * 1024;
/** Largest opening balance of one customer: R$ 1.000.000,00, the highest credit limit's tenth. */
export const MAX_SALDO_INICIAL = 100_000_000;
/** What "Saldo anterior (caderneta)" entries say in the statement; the web translates by this key. */
export const DESCRICAO_SALDO_ANTERIOR = 'Saldo anterior (caderneta)';

export const EXISTENTES_IMPORTACAO = ['atualizar', 'ignorar'] as const;
export type ExistentesImportacao = (typeof EXISTENTES_IMPORTACAO)[number];

export const TIPOS_IMPORTACAO = ['clientes', 'produtos'] as const;
export type TipoImportacao = (typeof TIPOS_IMPORTACAO)[number];

const texto = (max: number) =>
  safeString()
    .trim()
    .max(max, 'tooLong')
    .nullable()
    .transform((v) => (v ? v : null));

/** One customer row as the preview read it (1-based `linha`: the row's number in the file). */
export const clienteImportadoSchema = z.object({
  linha: z.number().int().min(1).max(MAX_LINHAS_IMPORTACAO + 1),
  nome: safeString({ error: 'required' }).trim().min(1, 'required').max(120, 'tooLong'),
  /** Digits, a valid Brazilian number (normalizePhone). */
  telefone: z.string().regex(/^[1-9]{2}9?\d{8}$/, 'telefoneInvalido'),
  email: texto(254).refine((v) => v === null || z.regexes.email.test(v), 'email'),
  endereco: texto(200),
  /** 11 digits with valid check digits, or null. Kept in the customer's notes ("CPF 123.456.789-09"). */
  cpf: z.string().regex(/^\d{11}$/, 'cpfInvalido').refine(isValidCpf, 'cpfInvalido').nullable(),
  /** Centavos; null: the shop's default limit. */
  limiteCredito: z.number().int().min(0, 'limiteInvalido').max(MAX_LIMITE_CREDITO, 'tooLarge').nullable(),
  observacoes: texto(500),
  /** What the customer owes from before, in centavos (0: nothing). */
  saldoInicial: z.number().int().min(0, 'saldoInvalido').max(MAX_SALDO_INICIAL, 'tooLarge'),
  /** When that debt was written down ("YYYY-MM-DD", not after today); null: today. */
  dataSaldo: isoDateSchema.nullable(),
  /** The agreed due date ("vencimento combinado"), or null. */
  dataVencimento: isoDateSchema.nullable(),
});
export type ClienteImportado = z.output<typeof clienteImportadoSchema>;

/** One product row as the preview read it. Quantities are in the unit's stored steps (grams for kg). */
export const produtoImportadoSchema = z.object({
  linha: z.number().int().min(1).max(MAX_LINHAS_IMPORTACAO + 1),
  nome: safeString({ error: 'produtoNomeObrigatorio' }).trim().min(1, 'produtoNomeObrigatorio').max(120, 'tooLong'),
  codigoBarras: texto(64),
  unidade: z.enum(UNIDADES, { error: 'unidadeInvalida' }),
  precoVenda: z.number().int().positive('precoVendaInvalido').max(MAX_PRECO, 'tooLarge'),
  precoCusto: z.number().int().min(0, 'precoCustoInvalido').max(MAX_PRECO, 'tooLarge'),
  estoqueAtual: z.number().int().min(0, 'quantidadeInvalida').max(MAX_ESTOQUE_QUALQUER, 'tooLarge'),
  estoqueMinimo: z.number().int().min(0, 'estoqueMinimoInvalido').max(MAX_ESTOQUE_QUALQUER, 'tooLarge'),
  categoria: texto(60),
});
export type ProdutoImportado = z.output<typeof produtoImportadoSchema>;

const nomeArquivo = safeString().trim().min(1).max(200);

/** Body of POST /api/importacoes/clientes. */
export const importarClientesSchema = z.object({
  nomeArquivo,
  existentes: z.enum(EXISTENTES_IMPORTACAO),
  linhas: z.array(clienteImportadoSchema).min(1, 'importacaoVazia').max(MAX_LINHAS_IMPORTACAO, 'linhasDemais'),
});
export type ImportarClientes = z.input<typeof importarClientesSchema>;

/** Body of POST /api/importacoes/produtos. */
export const importarProdutosSchema = z.object({
  nomeArquivo,
  existentes: z.enum(EXISTENTES_IMPORTACAO),
  linhas: z.array(produtoImportadoSchema).min(1, 'importacaoVazia').max(MAX_LINHAS_IMPORTACAO, 'linhasDemais'),
});
export type ImportarProdutos = z.input<typeof importarProdutosSchema>;

/**
 * Body of POST /api/importacoes/clientes/existentes and …/produtos/existentes: the preview asks which
 * rows match a record the shop already has (customers by phone, products by barcode).
 */
export const conferirExistentesSchema = z.object({
  chaves: z.array(z.string().trim().min(1).max(64)).max(MAX_LINHAS_IMPORTACAO, 'linhasDemais'),
});
export type ConferirExistentes = z.input<typeof conferirExistentesSchema>;
export interface ExistentesResposta {
  /** One per key that matched: the key and the shop's record it matched. */
  existentes: Array<{ chave: string; id: string; nome: string }>;
}

export const importacaoSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(TIPOS_IMPORTACAO),
  nomeArquivo: z.string(),
  criadoEm: z.string(),
  /** Who imported it (the person's name), or null for the owner before the shop had people. */
  por: z.string().nullable(),
  criados: z.number().int(),
  atualizados: z.number().int(),
  ignorados: z.number().int(),
  /** Opening balances written (customers), and their sum in centavos. */
  saldos: z.number().int(),
  totalSaldos: z.number().int(),
  /** When it was undone, or null. */
  desfeitaEm: z.string().nullable(),
});
export type Importacao = z.infer<typeof importacaoSchema>;

export interface ImportacoesResposta {
  items: Importacao[];
}
