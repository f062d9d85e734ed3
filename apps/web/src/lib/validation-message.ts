import { useTranslation } from 'react-i18next';
import { translateDynamic } from './i18n';

/** A field's error as forms hold it: a zod/server message (an i18n key) and its kind. */
export interface FieldErrorLike {
  type?: string;
  message?: string;
}

/**
 * Turns a field error into a sentence. Schemas carry i18n keys of the "validation" namespace
 * ("required", "passwordTooShort"); errors without such a key fall back to a generic text.
 */
export function useValidationMessage() {
  const { t } = useTranslation('validation');
  return (error: FieldErrorLike | undefined): string | null => {
    if (!error) return null;
    const key = String(error.message ?? '');
    const fallback = error.type === 'too_big' ? t('tooLong') : t('invalid');
    return key ? translateDynamic(`validation:${key}`, fallback) : fallback;
  };
}
