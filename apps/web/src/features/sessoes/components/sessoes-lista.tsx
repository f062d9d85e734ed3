import type { Sessao } from '@caderneta/shared';
import MonitorIcon from 'lucide-react/icons/monitor';
import SmartphoneIcon from 'lucide-react/icons/smartphone';
import TabletIcon from 'lucide-react/icons/tablet';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListLoading } from '@/components/empty-state';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { translateDynamic } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useEncerrarSessao } from '../api/encerrar-sessao';
import { useSessoes } from '../api/get-sessoes';
import { lerDispositivo } from '../navegador';

/** "Chrome no Android", "Safari no iPhone", "Navegador desconhecido". */
function useNomeDoDispositivo() {
  const { t } = useTranslation('layout');
  return (userAgent: string | null) => {
    const { navegador, sistema } = lerDispositivo(userAgent);
    if (sistema) return t('sessoes.dispositivo.em', { navegador: navegador ?? t('sessoes.dispositivo.navegador'), sistema });
    return navegador ?? t('sessoes.dispositivo.desconhecido');
  };
}

function IconeDoDispositivo({ userAgent }: { userAgent: string | null }) {
  const { sistema } = lerDispositivo(userAgent);
  const Icon = sistema === 'iPad' ? TabletIcon : sistema === 'iPhone' || sistema === 'Android' ? SmartphoneIcon : MonitorIcon;
  return (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/**
 * The signed-in person's own devices (GET /api/me/sessoes): each one's browser and system in plain
 * words, its IP and last use, this one marked "Este dispositivo", and "Encerrar" after a question.
 * Ending this device's session signs out here and opens the sign-in page (useEncerrarSessao).
 */
export function SessoesLista() {
  const { t } = useTranslation('layout');
  const fmt = useFormatters();
  const query = useSessoes();
  const encerrar = useEncerrarSessao();
  const nomeDoDispositivo = useNomeDoDispositivo();
  const [encerrando, setEncerrando] = useState<Sessao | null>(null);
  // Kept while the question closes, so its text does not change under the closing animation.
  const [mostrada, setMostrada] = useState<Sessao | null>(null);
  const baseId = useId();
  useLoadErrorToast(query, t('sessoes.loadError'));

  async function confirmar() {
    if (!encerrando) return;
    const nome = nomeDoDispositivo(encerrando.navegador);
    try {
      await encerrar.mutateAsync(encerrando);
    } catch (error) {
      if (error instanceof Error && error.name === 'VendasAguardandoEnvio' && 'quantas' in error) {
        // As "Sair": sales or payments still on this device would be lost (their texts are loaded, offline/sair.ts).
        toast.error(translateDynamic('offline:sair.title', ''), { description: translateDynamic('offline:sair.description', '', { count: error.quantas }) });
      } else {
        toastError(error, 'layout:sessoes.toast.erro');
      }
      return;
    }
    setEncerrando(null);
    if (!encerrando.atual) toast.success(t('sessoes.toast.encerrada'), { description: t('sessoes.toast.encerradaDescription', { dispositivo: nome }) });
  }

  if (query.isPending) return <ListLoading text={t('sessoes.loading')} className="py-6" />;
  if (!query.data) return <LoadError title={t('sessoes.loadError')} error={query.error} onRetry={() => void query.refetch()} className="py-6" />;
  const sessoes = query.data.sessoes;
  if (sessoes.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{t('sessoes.empty')}</p>;

  const pergunta = encerrando ?? mostrada;
  return (
    <>
      <ul aria-label={t('sessoes.title')} aria-busy={query.isFetching} className="divide-y">
        {sessoes.map((sessao) => {
          const nome = nomeDoDispositivo(sessao.navegador);
          const nomeId = `${baseId}-${sessao.id}`;
          return (
            <li key={sessao.id} aria-labelledby={nomeId} className="flex flex-wrap items-center gap-3 py-3">
              <IconeDoDispositivo userAgent={sessao.navegador} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p id={nomeId} className="font-medium [overflow-wrap:anywhere]">
                    {nome}
                  </p>
                  {sessao.atual && <Badge variant="secondary">{t('sessoes.atual')}</Badge>}
                </div>
                <p className="text-sm text-muted-foreground tabular-nums">
                  {t('sessoes.ultimoUso', { data: fmt.dateTime(sessao.ultimoUsoEm) })}
                  {' · '}
                  {sessao.ip ? t('sessoes.ip', { ip: sessao.ip }) : t('sessoes.ipDesconhecido')}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                className="ml-auto"
                aria-label={sessao.atual ? t('sessoes.encerrarAtualLabel') : t('sessoes.encerrarLabel', { dispositivo: nome })}
                onClick={() => {
                  setEncerrando(sessao);
                  setMostrada(sessao);
                }}
              >
                {t('sessoes.encerrar')}
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={!!encerrando}
        onOpenChange={(open) => !open && setEncerrando(null)}
        title={t('sessoes.confirmar.title')}
        description={
          pergunta?.atual ? t('sessoes.confirmar.descriptionAtual') : t('sessoes.confirmar.description', { dispositivo: pergunta ? nomeDoDispositivo(pergunta.navegador) : '' })
        }
        cancelLabel={t('sessoes.confirmar.cancel')}
        confirmLabel={t('sessoes.confirmar.confirm')}
        busyLabel={t('sessoes.confirmar.busy')}
        destructive
        onConfirm={confirmar}
      />
    </>
  );
}
