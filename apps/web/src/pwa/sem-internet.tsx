import WifiOffIcon from 'lucide-react/icons/wifi-off';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/use-online';

/** "Sem internet" in the header while the device has no connection: the page's loads and saves will fail until it returns. */
export function SemInternet() {
  const { t } = useTranslation('layout');
  const online = useOnline();
  if (online) return null;
  return (
    <span role="status" className="flex shrink-0 items-center gap-1.5 rounded-full border border-amber-600/40 bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <WifiOffIcon className="size-3.5" aria-hidden="true" />
      {t('pwa.semInternet')}
    </span>
  );
}
