import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { submitForm } from '@/lib/submit-form';
import { SoEmReais } from './so-em-reais';

/** The card of a payment setting (PIX, Mercado Pago): its title, what it is for, and the form. */
export function CartaoDePagamento({ titulo, descricao, children }: { titulo: string; descricao: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{titulo}</h2>
        </CardTitle>
        <CardDescription>{descricao}</CardDescription>
      </CardHeader>
      <CardContent>
        <SoEmReais />
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A text field of a payment setting: label, input, an optional hint and its error under it, the
 * input described by both. `id` names them all (`<id>-dica`, `<id>-erro`).
 */
export function CampoDeTexto({
  id,
  rotulo,
  valor,
  mudar,
  dica,
  erro,
  ...input
}: { id: string; rotulo: string; valor: string; mudar: (valor: string) => void; dica?: ReactNode; erro: string | undefined } & Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  const descritores = [dica ? `${id}-dica` : '', erro ? `${id}-erro` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{rotulo}</Label>
      <Input {...input} id={id} value={valor} onChange={(e) => mudar(e.target.value)} aria-invalid={erro ? true : undefined} aria-describedby={descritores || undefined} />
      {dica ? (
        <p id={`${id}-dica`} className="text-sm text-muted-foreground">
          {dica}
        </p>
      ) : null}
      <ErroDoCampo id={`${id}-erro`} codigo={erro} />
    </div>
  );
}

/** A field's error under it, from the server's or the schema's code (`validation:` texts); `id` for aria-describedby. */
export function ErroDoCampo({ id, codigo }: { id: string; codigo: string | undefined }) {
  if (!codigo) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {translateDynamic(`validation:${codigo}`, codigo)}
    </p>
  );
}

/**
 * Saving a payment setting (PIX, Mercado Pago): the input checked by its shared schema, then sent;
 * the schema's issues and the server's go under their fields (`erros`), the toasts say the rest.
 * Not a react-hook-form form: what is typed stays as typed when anything is refused.
 */
export function useSalvarConfiguracao<T, R>(schema: ZodType<T>, salvar: (dados: T) => Promise<R>, onSuccess: (salvo: R) => void) {
  const { t } = useTranslation('portal');
  const [erros, setErros] = useState<Record<string, string>>({});
  const enviar = (input: unknown) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErros(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErros({});
    void submitForm(() => undefined, () => salvar(parsed.data), {
      errorTitle: 'portal:config.toast.erroSalvar',
      errorDescription: () => t('config.toast.erroSalvarDescricao'),
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length) setErros(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
      },
      success: () => t('config.toast.salvo'),
      onSuccess,
    });
  };
  return { erros, setErros, enviar };
}
