import { and, eq, sql } from 'drizzle-orm';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { normalizarChavePix, pagamentoEmReais, textoDoPix, type PixConfig, type PixConfigInput } from '@caderneta/shared';
import { auditarConfiguracao } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { chavesPix, clientes, perfis } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

export async function getPixConfig(tx: Executor, ownerId: string): Promise<PixConfig> {
  const [row] = await tx.select().from(chavesPix).where(eq(chavesPix.ownerId, ownerId));
  return { chave: row?.chave ?? null, tipo: row?.tipo ?? null, nomeRecebedor: row?.nomeRecebedor ?? null, cidade: row?.cidade ?? null };
}

/**
 * Saves (or, with an empty key, removes) the shop's PIX key, as the type the seller chose when the
 * key reads as two. The input is already validated (pixConfigInputSchema).
 */
export async function savePixConfig(tx: Executor, ownerId: string, input: Required<Omit<PixConfigInput, 'tipo'>> & Pick<PixConfigInput, 'tipo'>): Promise<PixConfig> {
  const antes = await getPixConfig(tx, ownerId);
  if (!input.chave) {
    await tx.delete(chavesPix).where(eq(chavesPix.ownerId, ownerId));
    const depois = await getPixConfig(tx, ownerId);
    await auditarConfiguracao(tx, ownerId, 'configuracoes.pix', antes, depois);
    return depois;
  }
  const chave = normalizarChavePix(input.chave, input.tipo);
  if (!chave) throw new AppError('VALIDATION', 400, { message: 'Dados inválidos', issues: [{ path: 'chave', message: 'chavePixInvalida' }] });
  const values = { chave: chave.chave, tipo: chave.tipo, nomeRecebedor: input.nomeRecebedor, cidade: input.cidade };
  await tx
    .insert(chavesPix)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: chavesPix.ownerId, set: { ...values, updatedAt: sql`now()` } });
  const depois = await getPixConfig(tx, ownerId);
  await auditarConfiguracao(tx, ownerId, 'configuracoes.pix', antes, depois);
  return depois;
}

/**
 * The static PIX BR Code ("copia e cola") for `valor` centavos to the shop's key, or null when the
 * shop has no key or there is nothing to pay. Built by @brazilian-utils (EMV fields, accents
 * folded, CRC16); the seller confirms such payments by hand.
 */
export async function pixCodigo(tx: Executor, ownerId: string, valor: number, descricao?: string): Promise<string | null> {
  if (valor <= 0) return null;
  const [row] = await tx
    .select({ chave: chavesPix.chave, nomeRecebedor: chavesPix.nomeRecebedor, cidade: chavesPix.cidade, moeda: perfis.moeda })
    .from(chavesPix)
    .leftJoin(perfis, eq(perfis.ownerId, chavesPix.ownerId))
    .where(eq(chavesPix.ownerId, ownerId));
  // A BR Code is an amount in reais: a shop keeping its books in another currency has none (ADR 028).
  if (!row || !pagamentoEmReais(row.moeda ?? 'BRL')) return null;
  return codigoPix(row, valor, descricao);
}

/** The shop's PIX key as a BR Code needs it (a row of chaves_pix). */
export type ChavePixLoja = Pick<typeof chavesPix.$inferSelect, 'chave' | 'nomeRecebedor' | 'cidade'>;

/**
 * The BR Code for `valor` (> 0) centavos to a key already read (many codes, one read: /devedores).
 * Its texts hold only what textoDoPix keeps: the settings refuse anything else in the name and
 * city, and a key saved before they did, or the shop's name as the message, is trimmed to it.
 */
export function codigoPix(chave: ChavePixLoja, valor: number, descricao?: string): string | null {
  const mensagem = descricao ? textoDoPix(descricao) : '';
  return generatePixPayload({
    key: chave.chave,
    merchantName: textoDoPix(chave.nomeRecebedor),
    merchantCity: textoDoPix(chave.cidade),
    amount: valor / 100,
    ...(mensagem ? { description: mensagem } : {}),
  });
}

/** The QR code of a BR Code as an SVG data URL (shown in an <img>, allowed by the CSP). */
export async function qrCodeDataUrl(codigo: string): Promise<string> {
  // qrcode (with its PNG encoder) loads with the first QR code a customer page shows, not at every start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(codigo, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The code for a customer's pending balance, for the {pix} placeholder of the seller's messages. */
export async function pixCliente(tx: Executor, ownerId: string, clienteId: string): Promise<{ codigo: string | null; valor: number }> {
  const [cliente] = await tx
    .select({ saldoAtual: clientes.saldoAtual })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  const valor = Math.max(0, -cliente.saldoAtual);
  return { codigo: await pixCodigo(tx, ownerId, valor), valor };
}
