import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { translateDynamic } from '@/lib/i18n';
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

/** A field's error under it, from the server's or the schema's code (`validation:` texts); `id` for aria-describedby. */
export function ErroDoCampo({ id, codigo }: { id: string; codigo: string | undefined }) {
  if (!codigo) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {translateDynamic(`validation:${codigo}`, codigo)}
    </p>
  );
}
