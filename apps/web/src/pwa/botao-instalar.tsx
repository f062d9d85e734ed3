import DownloadIcon from 'lucide-react/icons/download';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { instalarApp, usePwa } from './estado';

/**
 * "Instalar app", in the menu: only when the browser offered to install Caderneta (Chrome and Edge
 * on Android and desktop). Installed, it opens from the home screen in its own window, without a
 * connection too.
 */
export function BotaoInstalar() {
  const { t } = useTranslation('layout');
  const { instalavel } = usePwa();
  if (!instalavel) return null;
  return (
    <Button variant="ghost" className="w-full justify-start gap-3 text-sidebar-foreground/80" onClick={() => void instalarApp()}>
      <DownloadIcon aria-hidden="true" />
      {t('pwa.instalar')}
    </Button>
  );
}
