import LanguagesIcon from 'lucide-react/icons/languages';
import { useTranslation } from 'react-i18next';
import { HeaderMenuButton } from './deferred-popup';

const loadMenu = () => import('./language-menu-popup').then((m) => m.LanguageMenuPopup);

/** Language switch of the app header, a menu like the theme switch next to it (loaded on first use). */
export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <HeaderMenuButton load={loadMenu} label={t('language.label')}>
      <LanguagesIcon />
    </HeaderMenuButton>
  );
}
