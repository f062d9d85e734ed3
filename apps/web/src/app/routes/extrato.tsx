import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ExtratoView } from '@/features/financeiro/components/extrato-view';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/get-me';
import { RedirectToLogin } from '@/lib/login-redirect';
import { SessionProvider } from '@/lib/session';
import { PageLoading } from '../page-loading';

/**
 * /extratos/:id — a customer's statement on a page of its own, without the app's sidebar and
 * header, so it prints as a statement (as /recibos/:id does a receipt). Signed-in only.
 */
export function Component() {
  const { t } = useTranslation(['financeiro', 'common']);
  const { id = '' } = useParams();
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
        <title>{`${t('financeiro:extratoPagina.documento')} · ${t('common:appName')}`}</title>
        <ExtratoView clienteId={id} />
      </main>
    </SessionProvider>
  );
}
