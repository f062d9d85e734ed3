import { useId, type ComponentProps, type Ref } from 'react';
import { MoneyPreview } from '@/components/money-preview';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A money amount typed at the counter: the decimal keyboard, figures right-aligned, required. */
export function InputDeValor({ erro, ...props }: ComponentProps<typeof Input> & { erro: boolean }) {
  return <Input inputMode="decimal" autoComplete="off" aria-required="true" className="max-w-48 text-right tabular-nums" aria-invalid={erro || undefined} {...props} />;
}

/**
 * The value of a loose line as typed (read by the interface language's rules when it is added), with
 * the amount it reads as and the reason it is refused. Shared by the counter's "Avulso" and the
 * customer card's "Venda rápida".
 */
export function CampoValorAvulso({
  label,
  placeholder,
  value,
  onChange,
  erro,
  ref,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  erro: string | null;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const erroId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <InputDeValor
        ref={ref}
        id={id}
        placeholder={placeholder}
        value={value}
        erro={erro !== null}
        aria-describedby={erro !== null ? erroId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <MoneyPreview text={value} />
      {erro !== null && (
        <p id={erroId} role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
    </div>
  );
}
