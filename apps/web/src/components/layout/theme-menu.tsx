import { useTranslation } from 'react-i18next';
import { THEMES, type Theme, useTheme } from '@/lib/theme';
import type { PopupProps } from './deferred-popup';
import { RadioMenu } from './radio-menu';
import { THEME_ICONS } from './theme-icons';

/** The theme switch's menu, loaded on first use (ThemeSwitch). */
export function ThemeMenu(props: PopupProps) {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <RadioMenu<Theme>
      {...props}
      label={t('theme.label')}
      value={theme}
      onChange={setTheme}
      options={THEMES.map((option) => {
        const Icon = THEME_ICONS[option];
        return {
          value: option,
          content: (
            <>
              <Icon />
              {t(`theme.${option}`)}
            </>
          ),
        };
      })}
    />
  );
}
