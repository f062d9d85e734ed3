import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { dateOrder, formatDateInput, maskDate, parseDateInput } from '@/lib/date-input';
import { cn } from '@/lib/utils';

interface DateFieldProps {
  id?: string;
  /** "YYYY-MM-DD", or undefined when empty; in a form (`inForm`), also the text typed so far. */
  value: string | undefined;
  /**
   * A complete valid date as "YYYY-MM-DD", or null when the field is cleared. With `inForm`, also
   * what was typed while it is not a valid date ("31/02/2026", "15/03"): the form's schema refuses
   * it, so the form can never send the date the field held before.
   */
  onChange: (value: string | null) => void;
  /** Earliest and latest accepted dates, "YYYY-MM-DD" (outside a form: in a form its schema decides). */
  min?: string;
  max?: string;
  /** Part of a react-hook-form form (form-fields.tsx `DateInputField`): the form's message says what is wrong. */
  inForm?: boolean;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * A date typed in the interface language's order (dd/mm/aaaa in pt-BR whatever the browser's
 * language — the native date input follows the browser instead). Digits only; the slashes come
 * by themselves; an impossible date (31/02) or one out of range says so under the field — only
 * once the person typed in it: a date that came from outside (a promise that has passed) is shown
 * as it is, not as a mistake.
 */
export function DateField({ id, value, onChange, min, max, inForm = false, className, ...aria }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const order = dateOrder(i18n.language);
  const [text, setText] = useState(() => (value ? formatDateInput(value, order) || value : ''));
  const [typed, setTyped] = useState(false);
  const messageId = useId();

  // The value or the language changed from outside (URL, "Limpar filtros", a form's reset, a
  // language switch): show it, and judge only what is typed from then on.
  const [seen, setSeen] = useState({ value, order });
  if (seen.value !== value || seen.order !== order) {
    setSeen({ value, order });
    // In step (also while a date is half typed, or a form holds what was typed): nothing to do.
    if (parseDateInput(text, order) !== (value ?? null) && text !== value) {
      setText(value ? formatDateInput(value, order) || value : '');
      setTyped(false);
    }
  }

  const parsed = parseDateInput(text, order);
  const complete = text.length === 10;
  let error: string | null = null;
  if (typed && !inForm) {
    if (complete && !parsed) error = t('dateField.invalid');
    else if (parsed && min && parsed < min) error = t('dateField.beforeMin', { date: formatDateInput(min, order) });
    else if (parsed && max && parsed > max) error = t('dateField.afterMax', { date: formatDateInput(max, order) });
  }

  function change(raw: string) {
    const next = maskDate(raw);
    setText(next);
    setTyped(true);
    if (next === '') {
      onChange(null);
      return;
    }
    const iso = parseDateInput(next, order);
    if (inForm) onChange(iso ?? next);
    else if (iso && !(min && iso < min) && !(max && iso > max)) onChange(iso);
  }

  const describedBy = [aria['aria-describedby'], error ? messageId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1', className)}>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder={t('dateField.placeholder')}
        value={text}
        aria-invalid={error ? true : aria['aria-invalid']}
        aria-describedby={describedBy}
        onChange={(event) => change(event.target.value)}
      />
      {error && (
        <p id={messageId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
