import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme';
import { HeaderMenuButton } from './deferred-popup';
import { THEME_ICONS } from './theme-icons';

const loadMenu = () => import('./theme-menu').then((m) => m.ThemeMenu);

/** The header's theme switch: the current theme's icon; its menu loads on first use. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme] = useTheme();
  const Current = THEME_ICONS[theme];
  return (
    <HeaderMenuButton load={loadMenu} label={t('theme.label')}>
      <Current />
    </HeaderMenuButton>
  );
}
