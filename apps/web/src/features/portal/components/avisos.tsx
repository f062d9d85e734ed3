import BellOffIcon from 'lucide-react/icons/bell-off';
import type { PortalCliente } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { SecaoTitulada } from '@/components/secao-titulada';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useStopAvisos } from '../api/stop-avisos';
import { usePortalFormat } from './use-portal-format';

/**
 * "Avisos da loja" (LGPD, docs/decisions/043): a customer who consented to the shop's automatic
 * messages reads that they did, how they arrive, and stops them with one tap; once stopped, when,
 * and that the shop turns them back on. Nothing for a customer who never consented.
 */
export function AvisosDaLoja({ data, login }: { data: PortalCliente; login: string }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  const parar = useStopAvisos(login);
  const avisos = data.avisos;
  if (!avisos) return null;
  return (
    <SecaoTitulada titulo={t('avisos.titulo')} tituloClassName="font-medium" className="grid gap-2 rounded-lg border p-4 text-sm">
      {avisos.ativos ? (
        <>
          <p>{avisos.canal ? t(`avisos.ativos.${avisos.canal}`) : t('avisos.semCanal')}</p>
          {avisos.lembretes && <p>{t('avisos.lembretes')}</p>}
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full"
            disabled={parar.isPending}
            onClick={() =>
              parar.mutate(undefined, { onSuccess: () => toast.success(t('avisos.parados')), onError: (error) => toastError(error, 'portal:avisos.erro') })
            }
          >
            <BellOffIcon aria-hidden="true" />
            {parar.isPending ? t('avisos.parando') : t('avisos.parar')}
          </Button>
        </>
      ) : (
        <p className="text-muted-foreground">{t('avisos.paradosEm', { date: f.date(avisos.paradosEm ?? '') })}</p>
      )}
    </SecaoTitulada>
  );
}
