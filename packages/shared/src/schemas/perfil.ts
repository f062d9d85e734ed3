import { z } from 'zod';
import { CURRENCIES } from '../money';
import { DIGITOS_CODIGO_BALANCA, VALORES_ETIQUETA } from '../balanca';
import { pessoaDaSessaoSchema } from './equipe';

export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];

export const languageSchema = z.enum(LANGUAGES);
export const currencySchema = z.enum(CURRENCIES);

/** How the shop's counter scales print their labels (balanca.ts). */
export const formatoEtiquetaSchema = z.object({
  digitosCodigo: z.union(
    DIGITOS_CODIGO_BALANCA.map((n) => z.literal(n)),
    { error: 'formatoEtiquetaInvalido' },
  ),
  valor: z.enum(VALORES_ETIQUETA, { error: 'formatoEtiquetaInvalido' }),
});

/** What the signed-in seller's browser needs to render the shell. */
export const meSchema = z.object({
  /**
   * The signed-in person (the owner or one of their staff). `avatar`: the shop's photo (a data:
   * URL) or null for the generated one.
   */
  user: z.object({ id: z.string(), nome: z.string(), email: z.string(), avatar: z.string().nullable() }),
  /** Their role and what they may do (issue 37). */
  pessoa: pessoaDaSessaoSchema,
  perfil: z.object({
    nomeLoja: z.string(),
    idioma: languageSchema,
    moeda: currencySchema,
    fusoHorario: z.string(),
    /** How the shop's scales print labels, for the counter to read them (balanca.ts). */
    etiquetaBalanca: formatoEtiquetaSchema,
  }),
});
export type Me = z.infer<typeof meSchema>;

export const preferenciasInputSchema = z
  .object({ idioma: languageSchema, moeda: currencySchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });
export type PreferenciasInput = z.infer<typeof preferenciasInputSchema>;
