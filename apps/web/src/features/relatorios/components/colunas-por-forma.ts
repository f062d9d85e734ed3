import type { FormaPagamento } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import type { Coluna } from './tabela';

interface PorForma {
  forma: FormaPagamento;
  quantidade: { atual: number };
  valor: { atual: number; anterior: number };
}

/** The columns of sales by payment form (Resumo and Vendas): form, sales, value, and the previous period's value. */
export function useColunasPorForma<R extends PorForma>(): Coluna<R>[] {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  return [
    { header: t('tabela.forma'), cell: (f) => t(`formas.${f.forma}`) },
    { header: t('tabela.vendas'), cell: (f) => fmt.integer(f.quantidade.atual), numero: true },
    { header: t('tabela.valor'), cell: (f) => fmt.money(f.valor.atual), numero: true },
    { header: t('tabela.anterior'), cell: (f) => fmt.money(f.valor.anterior), numero: true },
  ];
}
