import type { Language, Me } from '@caderneta/shared';
import { useQueryClient } from '@tanstack/react-query';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import LanguagesIcon from 'lucide-react/icons/languages';
import { useTranslation } from 'react-i18next';
import { useUpdatePreferences } from '@/features/auth/api/update-preferences';
import { toastError } from '@/lib/api-client';
import {
  changeLanguage,
  currentLanguage,
  isLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
} from '@/lib/i18n';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { cn } from '@/lib/utils';

/**
 * Switches the interface language on this device and, when a seller is signed in, saves it on
 * the server so it follows them to other devices.
 *
 * A native <select> laid invisibly over a compact button: the phone's own picker, full keyboard
 * and screen-reader support, and none of a popup menu's code on the public pages.
 */
export function LanguageSwitch({ showName = false }: { showName?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const updatePreferences = useUpdatePreferences();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();

  async function select(value: string) {
    if (!isLanguage(value) || value === language) return;
    const next: Language = value;
    try {
      await changeLanguage(next);
    } catch (error) {
      toastError(error, 'common:language.saveErrorTitle');
      return;
    }
    const me = queryClient.getQueryData<Me | null>(SESSION_QUERY_KEY);
    if (me) {
      updatePreferences.mutate(
        { idioma: next },
        { onError: (error) => toastError(error, 'common:language.saveErrorTitle') },
      );
    }
  }

  return (
    <span
      className={cn(
        'relative inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
        'has-[select:focus-visible]:ring-[3px] has-[select:focus-visible]:ring-ring/50',
      )}
      title={t('language.label')}
    >
      <LanguagesIcon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">
        {showName ? (
          <>
            <span className="hidden sm:inline">{LANGUAGE_NAMES[language]}</span>
            <span className="sm:hidden">{language.slice(0, 2).toUpperCase()}</span>
          </>
        ) : (
          language.slice(0, 2).toUpperCase()
        )}
      </span>
      <ChevronDownIcon className="size-3.5 opacity-60" aria-hidden="true" />
      <select
        aria-label={t('language.label')}
        value={language}
        onChange={(event) => void select(event.target.value)}
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
