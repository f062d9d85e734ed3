import { z } from 'zod';
import { NOME_MODELO_REGEX, NOMES_MODELO_PADRAO } from '../whatsapp';
import { credencial } from './portal';

/** Configurações → Mensagens → WhatsApp Business: what the screen shows (never a secret). */
export const whatsappConfigSchema = z.object({
  /** The number's id in Meta's API (WhatsApp Manager → API Setup). */
  phoneNumberId: z.string().nullable(),
  /** "EAAG…a1b2": which token is stored. */
  accessTokenDica: z.string().nullable(),
  appSecretDefinido: z.boolean(),
  /** The template name of each kind of message, as submitted in WhatsApp Manager. */
  modelos: z.object({ lancamento: z.string(), convite: z.string(), lembrete: z.string() }),
  ativo: z.boolean(),
  /** What to paste in the app's Webhooks settings (Callback URL and Verify token). */
  webhookUrl: z.string(),
  verifyToken: z.string(),
});
export type WhatsappConfig = z.infer<typeof whatsappConfigSchema>;

const nomeModelo = z.string().trim().min(1, 'required').max(512, 'tooLong').regex(NOME_MODELO_REGEX, 'nomeModeloInvalido');

/** Blank token or secret keeps the stored one; a new value replaces it. */
export const whatsappConfigInputSchema = z
  .object({
    phoneNumberId: z.string().trim().max(40, 'tooLong').regex(/^\d*$/, 'phoneNumberIdInvalido').optional(),
    accessToken: credencial(600).optional(),
    appSecret: credencial(200).optional(),
    // A name left out (a client from before that template) is the shipped one.
    modelos: z.object({
      lancamento: nomeModelo.default(NOMES_MODELO_PADRAO.lancamento),
      convite: nomeModelo.default(NOMES_MODELO_PADRAO.convite),
      lembrete: nomeModelo.default(NOMES_MODELO_PADRAO.lembrete),
    }),
    ativo: z.boolean().default(false),
  })
  .strict();
export type WhatsappConfigInput = z.input<typeof whatsappConfigInputSchema>;
export type WhatsappConfigDados = z.output<typeof whatsappConfigInputSchema>;

/** "Testar conexão": the number id and token typed in the form, or the stored ones when blank. */
export const whatsappTesteInputSchema = z.object({ phoneNumberId: z.string().trim().max(40).regex(/^\d*$/, 'phoneNumberIdInvalido').optional(), accessToken: credencial(600).optional() }).strict();
/** The number as WhatsApp knows it: its display number and verified name. */
export const whatsappTesteSchema = z.object({ ok: z.literal(true), numero: z.string(), nome: z.string() });
export type WhatsappTeste = z.infer<typeof whatsappTesteSchema>;
