import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { dateOrder, formatDateInput, maskDate, parseDateInput } from '@/lib/date-input';
import { cn } from '@/lib/utils';

interface DateFieldProps {
  id?: string;
  /** "YYYY-MM-DD", or undefined when empty. */
  value: string | undefined;
  /** A complete valid date as "YYYY-MM-DD", or null when the field is cleared. */
  onChange: (value: string | null) => void;
  /** Earliest and latest accepted dates, "YYYY-MM-DD". */
  min?: string;
  max?: string;
  className?: string;
}

/**
 * A date typed in the interface language's order (dd/mm/aaaa in pt-BR whatever the browser's
 * language — the native date input follows the browser instead). Digits only; the slashes come
 * by themselves; an impossible date (31/02) or one out of range says so under the field.
 */
export function DateField({ id, value, onChange, min, max, className }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const order = dateOrder(i18n.language);
  const [text, setText] = useState(() => (value ? formatDateInput(value, order) : ''));
  const messageId = useId();

  // The value or the language changed from outside (URL, "Limpar filtros", language switch).
  useEffect(() => {
    setText((current) => {
      const typed = parseDateInput(current, order);
      if (typed === (value ?? null)) return current; // In step (also while a date is half typed).
      return value ? formatDateInput(value, order) : '';
    });
  }, [value, order]);

  const parsed = parseDateInput(text, order);
  const complete = text.length === 10;
  let error: string | null = null;
  if (complete && !parsed) error = t('dateField.invalid');
  else if (parsed && min && parsed < min) error = t('dateField.beforeMin', { date: formatDateInput(min, order) });
  else if (parsed && max && parsed > max) error = t('dateField.afterMax', { date: formatDateInput(max, order) });

  function change(raw: string) {
    const next = maskDate(raw);
    setText(next);
    if (next === '') {
      onChange(null);
      return;
    }
    const iso = parseDateInput(next, order);
    if (iso && !(min && iso < min) && !(max && iso > max)) onChange(iso);
  }

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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
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
