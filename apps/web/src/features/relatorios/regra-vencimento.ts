import type { TFunction } from 'i18next';
import type { RegraVencimento } from '@caderneta/shared';

/**
 * The shop's due-date rule as the reports state it under their overdue figures: a customer's
 * account falls due by that rule (the one set in Devedores) from its oldest open debt, unless a
 * date was agreed with the customer (docs/decisions/027-one-meaning-of-overdue.md).
 */
export function textoDaRegra(t: TFunction<'relatorios'>, regra: RegraVencimento, data: (iso: string) => string): string {
  const texto =
    regra.tipo === 'dias_fixos'
      ? t('resumo.regraVencimento.dias_fixos', { count: regra.diasPrazo })
      : regra.tipo === 'data_fixa' && regra.dataFixa
        ? t('resumo.regraVencimento.data_fixa', { data: data(regra.dataFixa) })
        : // "Data fixa" left empty falls due as "próximo mês, dia 1".
          t('resumo.regraVencimento.proximo_mes', { dia: regra.tipo === 'proximo_mes' ? regra.diaVencimento : 1 });
  return `${texto} ${t('resumo.regraVencimento.nota')}`;
}
