import { z } from 'zod';
import { isValidDocumento, normalizeDocumento } from '../documento';
import { FUSO_IDS } from '../fusos';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../notificacoes';
import { PASSWORD_MIN_LENGTH } from './auth';
import { optionalTextSchema, safeString } from './campos';
import { telefoneOpcionalSchema } from './clientes';
import { currencySchema, formatoEtiquetaSchema, languageSchema } from './perfil';

/*
 * Configurações (spec §2 "Settings"): stored on the server per seller, so they follow the seller
 * to every device. One schema per tab; each tab saves its own part.
 */

export const fusoHorarioSchema = z.enum(FUSO_IDS, { error: 'fusoInvalido' });

/** The seller's photo: a small PNG, JPEG or WebP as a data: URL (the browser shrinks it first). */
export const MAX_AVATAR_CHARS = 100_000;
const AVATAR = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
export const avatarSchema = z
  .string()
  .max(MAX_AVATAR_CHARS, 'avatarGrande')
  .refine((v) => AVATAR.test(v), 'avatarInvalido')
  .nullable();

/** Perfil: the seller's name, photo and own phone (optional; the shop's is Loja's telefoneLoja). */
export const perfilInputSchema = z.object({
  nome: safeString({ error: 'required' }).trim().min(1, 'required').max(120, 'tooLong'),
  avatar: avatarSchema,
  // Absent (a tab still running the app from before the field) leaves the stored phone as it is.
  telefone: telefoneOpcionalSchema.optional(),
});
export type PerfilInput = z.output<typeof perfilInputSchema>;
export type PerfilFormValues = z.input<typeof perfilInputSchema>;

/** Optional CPF (11 digits) or CNPJ (14), typed with or without punctuation, stored as digits. */
export const documentoSchema = safeString()
  .trim()
  .max(30, 'documentoInvalido')
  .nullish()
  .transform((v) => (v ? normalizeDocumento(v) : null))
  .refine((v) => v === null || isValidDocumento(v), 'documentoInvalido');

export const lojaInputSchema = z.object({
  nomeLoja: safeString({ error: 'required' }).trim().min(1, 'required').max(120, 'tooLong'),
  telefoneLoja: telefoneOpcionalSchema,
  enderecoLoja: optionalTextSchema(300),
  documento: documentoSchema,
  fusoHorario: fusoHorarioSchema,
  /** Absent: a tab still running the app from before the setting; the stored format stays. */
  etiquetaBalanca: formatoEtiquetaSchema.optional(),
});
export type LojaInput = z.output<typeof lojaInputSchema>;
export type LojaFormValues = z.input<typeof lojaInputSchema>;

/** The four switches of the Notificações tab (spec §9 defaults: vendas, pagamentos and estoque on, devedores off). */
export const preferenciasNotificacaoSchema = z.object({
  venda: z.boolean(),
  pagamento: z.boolean(),
  estoque_baixo: z.boolean(),
  devedor: z.boolean(),
});
export type PreferenciasNotificacao = z.infer<typeof preferenciasNotificacaoSchema>;
export const DEFAULT_PREFERENCIAS_NOTIFICACAO: PreferenciasNotificacao = {
  venda: DEFAULT_NOTIFICATION_PREFERENCES.venda,
  pagamento: DEFAULT_NOTIFICATION_PREFERENCES.pagamento,
  estoque_baixo: DEFAULT_NOTIFICATION_PREFERENCES.estoque_baixo,
  devedor: DEFAULT_NOTIFICATION_PREFERENCES.devedor,
};

export const sistemaInputSchema = z.object({
  moeda: currencySchema,
  idioma: languageSchema,
  backupAutomatico: z.boolean(),
});
export type SistemaInput = z.infer<typeof sistemaInputSchema>;

/** GET /api/configuracoes: every tab's values. */
export const configuracoesSchema = z.object({
  perfil: z.object({ nome: z.string(), email: z.string(), avatar: z.string().nullable(), telefone: z.string().nullable() }),
  loja: z.object({
    nomeLoja: z.string(),
    telefoneLoja: z.string().nullable(),
    enderecoLoja: z.string().nullable(),
    documento: z.string().nullable(),
    fusoHorario: z.string(),
    etiquetaBalanca: formatoEtiquetaSchema,
  }),
  notificacoes: preferenciasNotificacaoSchema,
  sistema: sistemaInputSchema,
});
export type Configuracoes = z.infer<typeof configuracoesSchema>;

/**
 * "Alterar senha" (spec §5): every field required ("Preencha todos os campos de senha"), new
 * password at least 6 characters, confirmation equal to it. The current one is checked on the server.
 */
export const alterarSenhaInputSchema = z
  .object({
    senhaAtual: safeString({ error: 'senhaCamposObrigatorios' }).min(1, 'senhaCamposObrigatorios').max(128, 'passwordTooLong'),
    novaSenha: safeString({ error: 'senhaCamposObrigatorios' })
      .min(1, { error: 'senhaCamposObrigatorios', abort: true })
      .min(PASSWORD_MIN_LENGTH, 'senhaMuitoCurta')
      .max(128, 'passwordTooLong'),
    confirmarSenha: safeString({ error: 'senhaCamposObrigatorios' }).min(1, 'senhaCamposObrigatorios'),
  })
  .refine((v) => v.novaSenha === v.confirmarSenha, { message: 'senhasNaoConferem', path: ['confirmarSenha'] });
export type AlterarSenhaInput = z.infer<typeof alterarSenhaInputSchema>;
