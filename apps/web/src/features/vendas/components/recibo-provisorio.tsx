import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import type { ReciboProvisorio as Recibo, VendaEnviada } from '@/offline/banco';
import { assinarSaida, vendaEnviada } from '@/offline/saida';

/** The number a sale of the outbox got, once delivered (re-read whenever the outbox changes). */
export function useVendaEnviada(chave: string): VendaEnviada | null {
  const sellerId = useSession().user.id;
  const [enviada, setEnviada] = useState<VendaEnviada | null>(null);
  useEffect(() => {
    let vivo = true;
    const ler = () => void vendaEnviada(sellerId, chave).then((v) => vivo && v && setEnviada(v), () => undefined);
    ler();
    const parar = assinarSaida(ler);
    return () => {
      vivo = false;
      parar();
    };
  }, [sellerId, chave]);
  return enviada;
}

/**
 * A sale's receipt before the server has it: "Recibo provisório — aguardando envio", the time it was
 * made, the customer, who sold it, the lines and the totals; once the outbox delivers it, its number instead.
 * Prints black on white like every receipt (index.css).
 */
export function ReciboProvisorio({ chave, recibo }: { chave: string; recibo: Recibo }) {
  const { t } = useTranslation(['vendas', 'offline']);
  const fmt = useFormatters();
  const enviada = useVendaEnviada(chave);
  // The lines are shown after their own discounts; what the sale's own discount took is the rest.
  const descontoVenda = recibo.linhas.reduce((soma, l) => soma + l.valor, 0) - recibo.total;
  return (
    <div className="grid gap-3 text-sm" data-recibo>
      <p role="status" className="flex flex-wrap items-center gap-2">
        {enviada ? (
          <Badge variant="secondary">{t('offline:recibo.registrada', { numero: enviada.numeroVenda })}</Badge>
        ) : (
          <Badge variant="outline" className="border-amber-600 text-amber-900 dark:text-amber-100">
            {t('offline:recibo.provisorio')}
          </Badge>
        )}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('detail.data')}</dt>
        <dd>{fmt.dateTime(recibo.feitaEm)}</dd>
        <dt className="text-muted-foreground">{t('detail.forma')}</dt>
        <dd>{recibo.formaPagamento === 'fiado' ? t('forma.fiado') : t('forma.vista')}</dd>
        {recibo.clienteNome && (
          <>
            <dt className="text-muted-foreground">{t('detail.cliente')}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{recibo.clienteNome}</dd>
          </>
        )}
        {recibo.atendente && (
          <>
            <dt className="text-muted-foreground">{t('detail.atendente')}</dt>
            <dd className="[overflow-wrap:anywhere]">{recibo.atendente}</dd>
          </>
        )}
      </dl>
      <ul aria-label={t('detail.itens')} className="grid gap-1.5 border-y py-2">
        {recibo.linhas.map((linha, i) => (
          <li key={i} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {linha.descricao}
              {linha.detalhe && <span className="block text-xs text-muted-foreground">{linha.detalhe}</span>}
            </span>
            <span className="shrink-0 tabular-nums">{fmt.money(linha.valor)}</span>
          </li>
        ))}
      </ul>
      {descontoVenda > 0 && (
        <p className="flex justify-between gap-3 text-muted-foreground">
          <span>{t('detail.descontoVenda')}</span>
          <span className="tabular-nums">{t('detail.menos', { valor: fmt.money(descontoVenda) })}</span>
        </p>
      )}
      <p className="flex justify-between gap-3 text-base font-bold">
        <span>{t('detail.total')}</span>
        <span className="tabular-nums">{fmt.money(recibo.total)}</span>
      </p>
    </div>
  );
}
