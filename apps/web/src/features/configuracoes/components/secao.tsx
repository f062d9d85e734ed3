import type { Configuracoes } from '@caderneta/shared';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useConfiguracoes } from '../api/get-configuracoes';

interface SecaoProps {
  title: string;
  description?: string;
  children: (config: Configuracoes) => ReactNode;
}

/** A card of a settings tab, showing its form once the seller's settings arrived (or why not). */
export function Secao({ title, description, children }: SecaoProps) {
  const { t } = useTranslation('configuracoes');
  const query = useConfiguracoes();
  useEffect(() => {
    // "Erro ao carregar" once per failure, however many cards the tab has.
    if (query.isError) toast.error(t('toast.loadError'), { id: 'configuracoes-load-error', description: t('toast.loadErrorDescription') });
  }, [query.isError, t]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListLoading text={t('loading')} />
        ) : query.data ? (
          children(query.data)
        ) : (
          <LoadError title={t('toast.loadErrorDescription')} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </CardContent>
    </Card>
  );
}

/** "Erro ao salvar" with what the server said, or "Não foi possível salvar as configurações." */
export function toastSaveError(error: unknown, t: (key: 'toast.saveError' | 'toast.saveErrorDescription') => string, describe: (error: unknown) => string) {
  const specific = isApiError(error) && !['INTERNAL', 'NETWORK'].includes(error.code);
  if (!isApiError(error)) console.error(error);
  toast.error(t('toast.saveError'), { description: specific ? describe(error) : t('toast.saveErrorDescription') });
}
