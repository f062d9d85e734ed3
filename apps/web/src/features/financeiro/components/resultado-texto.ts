import { DESCRICAO_SALDO_ANTERIOR, notaMercadoPago, type ResultadoPagamento } from '@caderneta/shared';
import type { TFunction } from 'i18next';

/** "Saldo devedor restante: R$ 17,50", "Crédito do cliente: R$ 5,00" or "Débito totalmente quitado!". */
export function resultadoTexto(t: TFunction<'financeiro'>, resultado: ResultadoPagamento, money: (cents: number) => string): string {
  if (resultado.tipo === 'restante') return t('resultado.restante', { valor: money(resultado.valor) });
  if (resultado.tipo === 'credito') return t('resultado.credito', { valor: money(resultado.valor) });
  return t('resultado.quitado');
}

/**
 * A ledger entry's note as the seller reads it: the notes Mercado Pago's entries and imported opening
 * balances carry, translated; a typed one as typed.
 */
export function notaTexto(t: TFunction<'financeiro'>, descricao: string | null | undefined): string | null {
  if (descricao === DESCRICAO_SALDO_ANTERIOR) return t('extrato.saldoAnterior');
  const nota = notaMercadoPago(descricao);
  return nota ? t(`notasMercadoPago.${nota}`) : (descricao ?? null);
}
