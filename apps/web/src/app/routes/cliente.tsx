import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { usePortal } from '@/features/portal/api/get-portal';
import { AcessoForm } from '@/features/portal/components/acesso-form';
import { PagamentoScreen } from '@/features/portal/components/pagamento-screen';
import { PortalDashboard } from '@/features/portal/components/portal-dashboard';
import { PortalShell } from '@/features/portal/components/portal-shell';

/** /cliente and /cliente/{login}: the public customer page (no seller session, no app shell). */
export function Component() {
  const { login } = useParams();
  return <PortalShell>{login ? <ClientePage login={login.toLowerCase()} /> : <Acesso />}</PortalShell>;
}

function Acesso({ busy = false }: { busy?: boolean }) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  // Back from a code that was not found: the code stays in the field, to correct rather than retype.
  const tentado = (useLocation().state as { codigo?: string } | null)?.codigo ?? '';
  return (
    <Card className="mt-6">
      <title>{`${t('acesso.title')} · Caderneta`}</title>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">{t('acesso.title')}</h1>
        </CardTitle>
        <CardDescription>{t('acesso.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AcessoForm busy={busy} inicial={tentado} onSubmit={(codigo) => navigate(`/cliente/${codigo}`, { state: { fromForm: true } })} />
      </CardContent>
    </Card>
  );
}

function ClientePage({ login }: { login: string }) {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const portal = usePortal(login);
  const [pagando, setPagando] = useState(search.get('pagar') === '1');
  /** Back from the payment screen ("Voltar"): the focus returns to "Pagar Saldo Pendente". */
  const [voltou, setVoltou] = useState(false);
  const announced = useRef(false);

  useEffect(() => {
    if (portal.isSuccess && !announced.current && (location.state as { fromForm?: boolean } | null)?.fromForm) {
      announced.current = true;
      toast.success(t('toast.encontrado'));
    }
    if (portal.isError) {
      if (isApiError(portal.error, 'CLIENTE_NAO_ENCONTRADO')) {
        toast.error(t('toast.naoEncontrado'), { description: t('toast.naoEncontradoDescricao'), id: 'cliente-nao-encontrado' });
        navigate('/cliente', { replace: true, state: { codigo: login } });
      } else {
        toast.error(t('toast.erroBuscar'), { description: t('toast.erroBuscarDescricao'), id: 'erro-buscar-cliente' });
      }
    }
  }, [portal.isSuccess, portal.isError, portal.error, location.state, navigate, t, login]);

  if (portal.isPending) {
    return (
      <div aria-busy="true" aria-label={t('painel.carregando')} className="flex flex-col gap-3 pt-2">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (portal.isError) {
    if (isApiError(portal.error, 'CLIENTE_NAO_ENCONTRADO')) return <Acesso busy />;
    return <LoadError title={t('toast.erroBuscar')} error={portal.error} onRetry={() => void portal.refetch()} />;
  }
  const data = portal.data;
  return (
    <>
      <title>{`${t('painel.ola', { nome: data.primeiroNome })} · ${data.loja.nome}`}</title>
      {pagando && data.pagamentoOnline.disponivel && !data.pagamentoEmAndamento ? (
        <PagamentoScreen
          login={login}
          data={data}
          onVoltar={() => {
            setPagando(false);
            setVoltou(true);
            if (search.has('pagar')) setSearch({}, { replace: true });
          }}
        />
      ) : (
        <PortalDashboard data={data} login={login} focarPagar={voltou} onPagar={() => setPagando(true)} onSair={() => navigate('/cliente')} />
      )}
    </>
  );
}
