import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import LanguagesIcon from 'lucide-react/icons/languages';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import { useLanguageSwitch } from './use-language-switch';

/**
 * Language switch of the public pages: a native <select> laid invisibly over a compact button.
 * The phone's own picker, full keyboard and screen-reader support, and none of a popup menu's
 * code on the pages a visitor opens first.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguageSwitch();
  return (
    <span
      className="relative inline-flex h-11 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground has-[select:focus-visible]:ring-[3px] has-[select:focus-visible]:ring-ring/50 md:pointer-fine:h-10"
      title={t('language.label')}
    >
      <LanguagesIcon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">
        <span className="hidden sm:inline">{LANGUAGE_NAMES[language]}</span>
        <span className="sm:hidden">{language.slice(0, 2).toUpperCase()}</span>
      </span>
      <ChevronDownIcon className="size-3.5 opacity-60" aria-hidden="true" />
      <select
        aria-label={t('language.label')}
        value={language}
        onChange={(event) => void setLanguage(event.target.value)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </span>
  );
}
