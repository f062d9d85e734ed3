import type { Configuracoes } from '@caderneta/shared';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '@/components/empty-state';
import { SubmitButton } from '@/components/form-fields';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage, isApiError } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { submitForm } from '@/lib/submit-form';
import { useConfiguracoes } from '../api/get-configuracoes';

interface SecaoProps {
  title: string;
  description?: string;
  children: (config: Configuracoes) => ReactNode;
}

/**
 * A settings tab whose cards read the seller's settings: one "Carregando configurações..." until
 * they arrive, then every card at once. Card by card, a form appearing in one card would push the
 * cards below it down the screen while the seller reads or taps them. The cards are mounted from
 * the start, only hidden: mounted after a failed load, each would load the settings again.
 */
export function AbaDeSecoes({ children }: { children: ReactNode }) {
  const { t } = useTranslation('configuracoes');
  const query = useConfiguracoes();
  return (
    <>
      {query.isPending && <ListLoading text={t('loading')} />}
      <div hidden={query.isPending} className="contents">
        {children}
      </div>
    </>
  );
}

/** A card of a settings tab, showing its form once the seller's settings arrived (or why not). */
export function Secao({ title, description, children }: SecaoProps) {
  const { t } = useTranslation('configuracoes');
  const query = useConfiguracoes();
  // "Erro ao carregar" once per failure, however many cards the tab has.
  useLoadErrorToast(query, t('toast.loadError'), { id: 'configuracoes-load-error', description: t('toast.loadErrorDescription') });
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

/** A settings card's "Salvar" ("Salvando..." while the form is being sent). */
export function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('configuracoes');
  return (
    <div>
      <SubmitButton busy={busy} label={t('save')} busyLabel={t('saving')} />
    </div>
  );
}

/**
 * Saves one settings form through the shared submitForm: the server's issues onto `fields`, "Erro
 * ao salvar" with what the server said (or "Não foi possível salvar as configurações." when it
 * could not be reached), and the success toast; `onSaved` then shows what was stored.
 */
export function salvarSecao<V extends FieldValues, R>(
  setError: UseFormSetError<V>,
  send: () => Promise<R>,
  { fields, success, onSaved }: { fields?: readonly FieldPath<V>[]; success: string; onSaved: (saved: R) => void },
): Promise<void> {
  return submitForm(setError, send, {
    fields,
    errorTitle: 'configuracoes:toast.saveError',
    errorDescription: (error) =>
      isApiError(error) && !['INTERNAL', 'NETWORK'].includes(error.code) ? errorMessage(error) : translateDynamic('configuracoes:toast.saveErrorDescription', ''),
    success: () => success,
    onSuccess: onSaved,
  });
}
