import { parseMoney } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * What a money field will save, read as the person types: "= R$ 10,50", or "Valor inválido" when
 * the text is not money in the interface language ("10,500" in pt-BR). Nothing while it is empty.
 */
export function MoneyPreview({ text, id, className }: { text: string | undefined; id?: string; className?: string }) {
  const { t } = useTranslation('common');
  const fmt = useFormatters();
  if (!text?.trim()) return null;
  const cents = parseMoney(text, fmt.locale);
  return (
    <p
      id={id}
      aria-live="polite"
      data-testid="money-preview"
      className={cn('text-sm tabular-nums', cents === null ? 'text-destructive' : 'text-muted-foreground', className)}
    >
      {cents === null ? t('money.invalid') : t('money.preview', { valor: fmt.money(cents) })}
    </p>
  );
}
