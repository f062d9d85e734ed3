import { z } from 'zod';
import { TIPOS_SUGESTAO_LIMITE } from '../como-paga';

/** "Como paga" (como-paga.ts): a customer's record over the last 12 months and the suggested limit. */
export const comoPagaSchema = z.object({
  desde: z.string(),
  emDia: z.number().int(),
  comAtraso: z.number().int(),
  emAtraso: z.number().int(),
  mediaDiasAtraso: z.number().int().nullable(),
  maiorAtraso: z.number().int(),
  promessas: z.number().int(),
  promessasQuebradas: z.number().int(),
  maiorCompra: z.number().int().nullable(),
  maiorDivida: z.number().int(),
  mesesEmDia: z.number().int().nullable(),
  sugestao: z.object({ tipo: z.enum(TIPOS_SUGESTAO_LIMITE), limite: z.number().int().nullable() }),
});
