import type { RelatorioAba } from '@caderneta/shared/relatorios';
import type { UseQueryResult } from '@tanstack/react-query';
import CalendarSearchIcon from 'lucide-react/icons/calendar-search';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { Relatorios } from '../api/get-relatorio';
import { ExportarCsv } from './exportar-csv';

/** The empty state of a period without sales: said plainly, not a screen of zeros. */
export function PeriodoVazio() {
  const { t } = useTranslation('relatorios');
  return (
    <Card className="py-0">
      <EmptyState icon={CalendarSearchIcon} title={t('vazio.titulo')} description={t('vazio.descricao')} />
    </Card>
  );
}

/**
 * What every tab does around its figures: skeletons while the first answer loads, the error with
 * "Tentar novamente", the figures dimmed while another period loads, and "Exportar CSV".
 */
export function EstadoAba<A extends RelatorioAba>({ aba, query, children }: { aba: A; query: UseQueryResult<Relatorios[A]>; children: (dados: Relatorios[A]) => ReactNode }) {
  const { t } = useTranslation('relatorios');
  const dados = query.data;
  let corpo: ReactNode;
  if (query.isError && !dados) {
    corpo = (
      <Card className="py-0">
        <LoadError title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  } else if (!dados) {
    corpo = (
      <div aria-busy="true" aria-label={t('loading')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  } else {
    corpo = <div className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>{children(dados)}</div>;
  }
  return (
    <div className="grid gap-4" aria-busy={query.isFetching ? true : undefined}>
      <div className="flex justify-end">
        <ExportarCsv aba={aba} dados={query.isPlaceholderData ? undefined : dados} />
      </div>
      {corpo}
    </div>
  );
}
