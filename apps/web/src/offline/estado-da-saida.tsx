import CloudUploadIcon from 'lucide-react/icons/cloud-upload';
import TriangleAlertIcon from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useOnline } from '@/lib/use-online';
import { useSaida } from './use-saida';

/**
 * Under the header, while sales or payments wait on the device (issue 36): "Sem internet — 3 vendas e
 * 1 pagamento aguardando envio", or "enviando" once the connection is back, the last time the outbox was emptied, and the
 * sales the server refused, with the way to them (/vendas). Nothing when the outbox is empty.
 */
export function EstadoDaSaida() {
  const { t } = useTranslation('offline');
  const fmt = useFormatters();
  const online = useOnline();
  const { aguardando, vendas, pagamentos, recusadas, ultimoEnvio } = useSaida(useSession().user.id);
  if (aguardando === 0 && recusadas === 0) return null;
  // "3 vendas e 1 pagamento": what waits, by kind.
  const oque = [vendas > 0 && t('saida.vendas', { count: vendas }), pagamentos > 0 && t('saida.pagamentos', { count: pagamentos })].filter(Boolean).join(t('saida.e'));
  return (
    <div className="border-b border-amber-600/40 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8 dark:bg-amber-950 dark:text-amber-50 print:hidden">
      <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {aguardando > 0 && (
          <span className="flex items-center gap-1.5 font-medium">
            <CloudUploadIcon className="size-4 shrink-0" aria-hidden="true" />
            {online ? t('saida.enviando', { oque }) : t('saida.semInternet', { oque })}
          </span>
        )}
        {recusadas > 0 && (
          <Link to="/vendas#aguardando-envio" className="flex min-h-11 items-center gap-1.5 font-medium underline underline-offset-4 sm:min-h-0">
            <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
            {t('saida.recusadas', { count: recusadas })}
          </Link>
        )}
        <span className="text-amber-900/80 dark:text-amber-100/80">{ultimoEnvio ? t('saida.ultimoEnvio', { quando: fmt.dateTime(ultimoEnvio) }) : t('saida.nuncaEnviou')}</span>
      </p>
    </div>
  );
}
