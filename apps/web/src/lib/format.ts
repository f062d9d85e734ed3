// Subpaths, not the barrel: the barrel's schemas would bring zod into every page.
import { dateTimeFormat, formatDate } from '@caderneta/shared/dates';
import { type Currency, formatMoney, numberFormat, numberMarksOf } from '@caderneta/shared/money';
import { quantidadeComUnidade, SIMBOLO_UNIDADE, type Unidade } from '@caderneta/shared/unidades';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './session';
import { DEFAULT_LANGUAGE } from './i18n';

/** The decimal mark people type in money fields in `language` (the rule parseMoney reads with). */
export function decimalSeparatorOf(language: string): string {
  return numberMarksOf(language).decimal;
}

/** A price per whole unit: "R$ 29,90/kg", "R$ 12,00/cx"; a product sold by the unit keeps "R$ 5,00". */
export function precoPorUnidade(cents: number, currency: Currency, unidade: Unidade): string {
  const money = formatMoney(cents, currency);
  return unidade === 'un' ? money : `${money}/${SIMBOLO_UNIDADE[unidade]}`;
}

/**
 * Formatters for the signed-in seller: money in the shop's currency (spec §9: each currency in
 * its own locale), dates and numbers in the interface language, dates in the shop's time zone.
 */
export function useFormatters() {
  const { perfil } = useSession();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  return useMemo(() => {
    // Shared by every component that asks (each row of a list does): made once per language and zone.
    const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const integer = numberFormat(language, { maximumFractionDigits: 0 });
    const dateTime = dateTimeFormat(language, { timeZone: perfil.fusoHorario, dateStyle: 'short', timeStyle: 'short' });
    return {
      currency: perfil.moeda,
      /** The interface language: typed money and quantities are read by its rules. */
      locale: language,
      decimalSeparator: decimalSeparatorOf(language),
      money: (cents: number) => formatMoney(cents, perfil.moeda),
      date: (value: string) => formatDate(value, language, perfil.fusoHorario),
      /** An instant as date and time in the shop's time zone: "10/03/2025, 12:30". */
      dateTime: (value: string) => dateTime.format(new Date(value)),
      /** 43.9 → "43,9%" */
      percent: (value: number) => percent.format(value / 100),
      integer: (value: number) => integer.format(value),
      /** A stored quantity with its unit: 350 (kg) → "0,350 kg", 12 (un) → "12 un". */
      quantidade: (value: number, unidade: Unidade) => quantidadeComUnidade(value, unidade, language),
      /** A price per whole unit: "R$ 29,90/kg"; a product sold by the unit keeps "R$ 5,00". */
      preco: (cents: number, unidade: Unidade) => precoPorUnidade(cents, perfil.moeda, unidade),
    };
  }, [language, perfil.moeda, perfil.fusoHorario]);
}
