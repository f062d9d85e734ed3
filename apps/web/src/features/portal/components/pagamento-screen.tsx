import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import type { MetodoOnline, PortalCliente } from '@caderneta/shared';
import { taxaCartao, valorPagavelOnline } from '@caderneta/shared/pagamento-online';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { useCreatePagamentoOnline } from '../api/create-pagamento-online';
import { usePortalFormat } from './use-portal-format';

/** PIX or card, the amount and the fee, then off to Mercado Pago's checkout. */
export function PagamentoScreen({ login, data, onVoltar }: { login: string; data: PortalCliente; onVoltar: () => void }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda);
  // Mercado Pago charges in reais whatever currency the shop shows its figures in: what is
  // charged is shown as charged.
  const cobrado = usePortalFormat('BRL');
  const [metodo, setMetodo] = useState<MetodoOnline>('pix');
  // With instalments: what falls due on the open one, or all that is owed (ADR 046).
  const [soParcela, setSoParcela] = useState(data.parcelaDevida !== null);
  const devido = soParcela && data.parcelaDevida !== null ? data.parcelaDevida : data.saldoPendente;
  const iniciar = useCreatePagamentoOnline(login);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { taxaCartaoPercentual: taxaPct, parcelasMaxCartao } = data.pagamentoOnline;
  // One payment pays up to R$ 10 milhões of the balance (the server charges the same).
  const base = valorPagavelOnline(devido);
  // The card fee as the server computes it (shown before confirming; the server decides).
  const taxa = metodo === 'cartao' ? taxaCartao(base, taxaPct) : 0;
  const total = base + taxa;
  const busy = iniciar.isPending || iniciar.isSuccess;
  // The page's content was swapped: a screen reader starts again at this screen's title.
  const titulo$ = useRef<HTMLHeadingElement>(null);
  useEffect(() => titulo$.current?.focus(), []);

  const pagar = () =>
    iniciar.mutate(
      // PIX in this page (issue 38): a QR Code and copia-e-cola to pay here; the card in Mercado Pago's checkout.
      { metodo, ...(metodo === 'pix' ? { naPagina: true } : {}), ...(soParcela ? { parcela: true } : {}) },
      {
        onSuccess: (pagamento) => {
          if (pagamento.pix) {
            // The payment page shows the code at once, and asks the server again until it is paid.
            queryClient.setQueryData(queryKeys.portal.pagamento(login, pagamento.id), pagamento);
            void navigate(`/cliente/${encodeURIComponent(login)}/pagamento-pendente?pagamento=${pagamento.id}`);
          } else if (pagamento.initPoint) window.location.assign(pagamento.initPoint);
        },
        onError: (error) => {
          toast.error(t('toast.erroPagamento'), { description: errorMessage(error) || t('toast.erroPagamentoDescricao') });
          // Another payment is in progress (started in another tab, or already pending at Mercado
          // Pago): back to the page, which now shows it and how to go on.
          if (isApiError(error, 'PAGAMENTO_ONLINE_EM_ANDAMENTO')) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.portal.cliente(login) });
            onVoltar();
          }
        },
      },
    );

  const opcoes = [
    { id: 'pix' as const, nome: t('pagamento.pixNome'), descricao: t('pagamento.pixDescricao') },
    { id: 'cartao' as const, nome: t('pagamento.cartaoNome'), descricao: t('pagamento.cartaoDescricao', { taxa: taxaPct, parcelas: parcelasMaxCartao }) },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="lg" onClick={onVoltar} disabled={busy}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('pagamento.voltar')}
        </Button>
      </div>
      <h1 ref={titulo$} tabIndex={-1} className="text-2xl font-bold outline-none">
        {t('pagamento.title')}
      </h1>
      {data.parcelaDevida !== null ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium">{t('pagamento.quanto')}</legend>
          {[
            { id: 'parcela', parcela: true, nome: t('pagamento.parcela', { valor: f.money(data.parcelaDevida) }) },
            { id: 'saldo', parcela: false, nome: t('pagamento.saldoTodo', { valor: f.money(data.saldoPendente) }) },
          ].map((o) => (
            <label key={o.id} htmlFor={`quanto-${o.id}`} className={cn('flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-3', soParcela === o.parcela && 'border-primary ring-2 ring-primary/30')}>
              <input id={`quanto-${o.id}`} type="radio" name="quanto" checked={soParcela === o.parcela} onChange={() => setSoParcela(o.parcela)} className="size-5" disabled={busy} />
              <span className="font-medium">{o.nome}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p>
          {t('pagamento.valor')}: <strong>{f.money(data.saldoPendente)}</strong>
        </p>
      )}
      {base < devido ? <p className="text-sm text-muted-foreground">{t('pagamento.parcial', { valor: cobrado.money(base), resto: f.money(data.saldoPendente - base) })}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t('pagamento.escolha')}</legend>
        {opcoes.map((o) => (
          <label
            key={o.id}
            htmlFor={`metodo-${o.id}`}
            aria-label={`${o.nome} — ${o.descricao}`}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border p-3',
              metodo === o.id && 'border-primary ring-2 ring-primary/30',
            )}
          >
            <input id={`metodo-${o.id}`} type="radio" name="metodo" value={o.id} checked={metodo === o.id} onChange={() => setMetodo(o.id)} className="size-5" disabled={busy} />
            <span className="flex flex-col">
              <span className="font-medium">{o.nome}</span>
              <span className="text-sm text-muted-foreground">{o.descricao}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <dl className="flex flex-col gap-1 rounded-lg border p-3 text-sm">
        {metodo === 'cartao' ? (
          <div className="flex justify-between">
            <dt>{t('pagamento.taxa', { taxa: taxaPct })}</dt>
            <dd>{cobrado.money(taxa)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-semibold">
          <dt>{t('pagamento.total')}</dt>
          <dd>{cobrado.money(total)}</dd>
        </div>
      </dl>
      <Button size="lg" className="h-12 text-base" onClick={pagar} disabled={busy}>
        {busy ? t(metodo === 'pix' ? 'pagamento.gerandoPix' : 'pagamento.processando') : t(metodo === 'pix' ? 'pagamento.gerarPix' : 'pagamento.confirmar', { valor: cobrado.money(total) })}
      </Button>
      <p className="text-xs text-muted-foreground">{t(metodo === 'pix' ? 'pagamento.seguroPix' : 'pagamento.seguro')}</p>
    </div>
  );
}
