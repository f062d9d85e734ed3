import CheckCircleIcon from 'lucide-react/icons/circle-check';
import ClockIcon from 'lucide-react/icons/clock';
import XCircleIcon from 'lucide-react/icons/circle-x';
import { formatMoney } from '@caderneta/shared/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { pagamentoOnlineQueryOptions } from '@/features/portal/api/verify-pagamento-online';
import { queryKeys } from '@/lib/query-keys';
import { PixCopiaCola } from '@/features/portal/components/pix-copia-cola';
import { PortalShell } from '@/features/portal/components/portal-shell';
import { Component as NotFound } from './not-found';

const PAGES = ['pagamento-sucesso', 'pagamento-erro', 'pagamento-pendente'] as const;

/**
 * /cliente/{login}/pagamento-sucesso | -erro | -pendente: where Mercado Pago sends the customer
 * back. The page asks our server (which asks Mercado Pago) what really happened to the payment,
 * so it shows "Pagamento Confirmado" only for a payment the server has credited.
 */
export function Component() {
  const { login = '', resultado = '' } = useParams();
  const [search] = useSearchParams();
  const id = search.get('pagamento') ?? search.get('external_reference') ?? '';
  if (!(PAGES as readonly string[]).includes(resultado)) return <NotFound />;
  return (
    <PortalShell>
      {/^[0-9a-f-]{36}$/i.test(id) ? (
        <Resultado login={login.toLowerCase()} id={id} pagina={resultado as (typeof PAGES)[number]} />
      ) : (
        // Opened without the payment it is about (a link copied short, a bookmark): nothing to
        // check, so neither a result nor "page not found" — where to look instead.
        <ConfiraPagamento login={login.toLowerCase()} />
      )}
    </PortalShell>
  );
}

function ConfiraPagamento({ login }: { login: string }) {
  const { t } = useTranslation('portal');
  return (
    <section className="mt-8 flex flex-col items-center gap-4 text-center">
      <title>{`${t('resultado.confiraTitle')} · Caderneta`}</title>
      <ClockIcon aria-hidden="true" className="size-14 text-muted-foreground" />
      <h1 className="text-2xl font-bold">{t('resultado.confiraTitle')}</h1>
      <p className="text-muted-foreground">{t('resultado.confiraDescricao')}</p>
      <Button asChild size="lg" className="w-full">
        <Link to={`/cliente/${encodeURIComponent(login)}`}>{t('resultado.voltarCliente')}</Link>
      </Button>
    </section>
  );
}

/** How often a PIX of this page is asked about while it waits. */
const PIX_CONFERIR_MS = 5_000;

function Resultado({ login, id, pagina }: { login: string; id: string; pagina: (typeof PAGES)[number] }) {
  const { t, i18n } = useTranslation('portal');
  // "Verificar Status" asks the server to fetch the payment from Mercado Pago again; a PIX of this
  // page is asked about every few seconds until it is paid or expires.
  const status = useQuery({ ...pagamentoOnlineQueryOptions(login, id), refetchInterval: (query) => (query.state.data?.pix ? PIX_CONFERIR_MS : false) });
  const voltar = `/cliente/${login}`;
  // The account page, when the customer goes back to it, shows what this payment changed (a PIX of
  // this page is paid while the account page is still in memory).
  const queryClient = useQueryClient();
  const situacao = status.data?.status;
  useEffect(() => {
    if (situacao && situacao !== 'criado' && situacao !== 'pendente') void queryClient.invalidateQueries({ queryKey: queryKeys.portal.cliente(login) });
  }, [situacao, login, queryClient]);

  if (status.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 pt-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (status.isError) return <LoadError title={t('toast.erroBuscar')} error={status.error} onRetry={() => void status.refetch()} />;

  const p = status.data;
  const pix = p.status === 'pendente' ? p.pix : undefined;
  const state = p.status === 'aprovado' ? 'sucesso' : p.status === 'recusado' ? 'erro' : p.status === 'estornado' ? 'estornado' : p.status === 'divergente' ? 'divergente' : pagina === 'pagamento-erro' && p.status === 'criado' ? 'erro' : 'pendente';
  const Icon = state === 'sucesso' ? CheckCircleIcon : state === 'pendente' || state === 'divergente' ? ClockIcon : XCircleIcon;
  const title = {
    sucesso: t('resultado.sucessoTitle'),
    erro: t('resultado.erroTitle'),
    pendente: pix ? (pix.expirado ? t('resultado.pixExpiradoTitle') : t('resultado.pixTitle')) : t('resultado.pendenteTitle'),
    estornado: t('resultado.estornadoTitle'),
    divergente: t('resultado.divergenteTitle'),
  }[state];
  const text = {
    // By card the customer paid the fee too: the amount charged is said beside the amount credited.
    sucesso:
      p.taxa > 0
        ? t('resultado.sucessoDescricaoTaxa', { valor: formatMoney(p.valorBase), total: formatMoney(p.valorTotal) })
        : t('resultado.sucessoDescricao', { valor: formatMoney(p.valorBase) }),
    erro: t('resultado.erroDescricao'),
    pendente: pix ? (pix.expirado ? t('resultado.pixExpiradoDescricao') : t('resultado.pixDescricao')) : t('resultado.pendenteDescricao'),
    estornado: t('resultado.estornadoDescricao'),
    divergente: t('resultado.divergenteDescricao'),
  }[state];

  return (
    <section className="mt-8 flex flex-col items-center gap-4 text-center" aria-live="polite">
      <title>{`${title} · Caderneta`}</title>
      <Icon aria-hidden="true" className={state === 'sucesso' ? 'size-14 text-emerald-700 dark:text-emerald-400' : state === 'pendente' || state === 'divergente' ? 'size-14 text-amber-700 dark:text-amber-400' : 'size-14 text-destructive'} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {pix && !pix.expirado ? (
        <div className="w-full text-left">
          <PixCopiaCola
            codigo={pix.copiaCola}
            qrCode={pix.qrCode}
            valor={formatMoney(p.valorTotal)}
            titulo={t('resultado.pixCodigoTitle', { valor: formatMoney(p.valorTotal) })}
            descricao={t('resultado.pixCodigoDescricao')}
            validade={t('resultado.pixValidade', { hora: new Date(pix.expiraEm).toLocaleTimeString(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' }) })}
          />
        </div>
      ) : null}
      {state === 'pendente' ? (
        <>
          {status.isFetching ? null : <p className="text-sm text-muted-foreground">{t('resultado.aguardando')}</p>}
          <Button size="lg" className="w-full" onClick={() => void status.refetch()} disabled={status.isFetching}>
            {status.isFetching ? t('resultado.verificando') : t('resultado.verificar')}
          </Button>
        </>
      ) : null}
      {state === 'erro' || pix?.expirado ? (
        <Button asChild size="lg" className="w-full">
          <Link to={`${voltar}?pagar=1`}>{pix?.expirado ? t('resultado.gerarOutroPix') : t('resultado.tentarNovamente')}</Link>
        </Button>
      ) : null}
      <Button asChild size="lg" variant={state === 'sucesso' ? 'default' : 'outline'} className="w-full">
        <Link to={voltar}>{t('resultado.voltarCliente')}</Link>
      </Button>
    </section>
  );
}
