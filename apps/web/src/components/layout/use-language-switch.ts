import type { Language, Me } from '@caderneta/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUpdatePreferences } from '@/lib/update-preferences';
import { toastError } from '@/lib/api-client';
import { changeLanguage, currentLanguage, isLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/**
 * The current language and a way to change it: on this device, and, when a seller is signed
 * in, on the server too so it follows them to other devices.
 */
export function useLanguageSwitch() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const updatePreferences = useUpdatePreferences();
  const language: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : currentLanguage();

  async function setLanguage(value: string) {
    if (!isLanguage(value) || value === language) return;
    try {
      await changeLanguage(value);
    } catch (error) {
      toastError(error, 'common:language.saveErrorTitle');
      return;
    }
    const me = queryClient.getQueryData<Me | null>(queryKeys.me);
    if (me) {
      updatePreferences.mutate(
        { idioma: value },
        { onError: (error) => toastError(error, 'common:language.saveErrorTitle') },
      );
    }
  }

  return { language, setLanguage };
}
