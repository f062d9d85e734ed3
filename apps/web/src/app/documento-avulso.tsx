import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/get-me';
import { RedirectToLogin } from '@/lib/login-redirect';
import { SessionProvider } from '@/lib/session';
import { PageLoading } from './page-loading';

/**
 * A document of the ledger on a page of its own (/recibos/:id, /extratos/:id): without the app's
 * sidebar and header, so it prints as the document it is. Signed-in only.
 */
export function DocumentoAvulso({ titulo, children }: { titulo: string; children: ReactNode }) {
  const { t } = useTranslation(['financeiro', 'common']);
  const me = useMe();
  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    return (
      <main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-muted-foreground">{errorMessage(me.error)}</p>
        <Button onClick={() => void me.refetch()}>{t('financeiro:extrato.retry')}</Button>
      </main>
    );
  }
  if (!me.data) return <RedirectToLogin />;
  return (
    <SessionProvider me={me.data}>
      <main className="min-h-svh bg-background px-4 py-6 print:p-0">
        <title>{`${titulo} · ${t('common:appName')}`}</title>
        {children}
      </main>
    </SessionProvider>
  );
}
