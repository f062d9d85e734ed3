import type { Currency } from '@caderneta/shared';
import { dateTimeFormat, formatDate } from '@caderneta/shared/dates';
import { formatMoney } from '@caderneta/shared/money';
import { quantidadeComUnidade, type Unidade } from '@caderneta/shared/unidades';
import { useTranslation } from 'react-i18next';
import { precoPorUnidade } from '@/lib/format';

/**
 * Formatters for the public customer page (no seller session): money in the shop's currency,
 * dates in the reader's language and on the shop's calendar (the day the sale was made where
 * the shop is). Subpath imports keep zod out of this page's bundle.
 */
export function usePortalFormat(moeda: Currency = 'BRL', fusoHorario?: string) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'pt-BR';
  return {
    money: (cents: number) => formatMoney(cents, moeda),
    date: (iso: string) => formatDate(iso, language, fusoHorario),
    /** The time of an instant where the shop is: "14:02". */
    hora: (iso: string) => dateTimeFormat(language, { timeZone: fusoHorario, hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
    /** "0,350 kg", "2 un" */
    quantidade: (value: number, unidade: Unidade) => quantidadeComUnidade(value, unidade, language),
    /** "R$ 29,90/kg"; by the unit, "R$ 5,00" */
    preco: (cents: number, unidade: Unidade) => precoPorUnidade(cents, moeda, unidade),
  };
}
