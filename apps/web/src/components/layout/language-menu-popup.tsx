import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import type { PopupProps } from './deferred-popup';
import { RadioMenu } from './radio-menu';
import { useLanguageSwitch } from './use-language-switch';

/** The language switch's menu, loaded on first use (LanguageMenu). */
export function LanguageMenuPopup(props: PopupProps) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguageSwitch();
  return (
    <RadioMenu
      {...props}
      label={t('language.label')}
      value={language}
      onChange={(value) => void setLanguage(value)}
      options={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, content: LANGUAGE_NAMES[lng], lang: lng }))}
    />
  );
}
