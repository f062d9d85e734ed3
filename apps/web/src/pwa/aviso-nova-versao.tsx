import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { vendaEmAndamento } from '@/features/vendas/rascunho-chave';
import { useSession } from '@/lib/session';
import { atualizarVersao, usePwa } from './estado';

/**
 * "Nova versão disponível": shown once a new version is installed and waiting, never while this tab
 * holds a sale with items (the counter is not interrupted; the question comes back once the sale is
 * finished or cleared). The seller chooses when to reload.
 */
export function AvisoNovaVersao() {
  const { t } = useTranslation('layout');
  const { novaVersao } = usePwa();
  const sellerId = useSession().user.id;
  // Asked again on each navigation: finishing a sale leaves /vendas/nova for /vendas.
  useLocation();
  const [atualizando, setAtualizando] = useState(false);
  if (!novaVersao || vendaEmAndamento(sellerId)) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-lg sm:left-auto sm:max-w-sm print:hidden"
    >
      <p className="min-w-0 flex-1">{t('pwa.novaVersao')}</p>
      <Button
        size="sm"
        className="min-h-11 sm:min-h-9"
        disabled={atualizando}
        onClick={() => {
          setAtualizando(true);
          void atualizarVersao();
        }}
      >
        <RefreshCwIcon aria-hidden="true" className={atualizando ? 'animate-spin' : undefined} />
        {atualizando ? t('pwa.atualizando') : t('pwa.atualizar')}
      </Button>
    </div>
  );
}
