import type { ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { BusyFieldset } from '@/components/busy-fieldset';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';

/** A react-hook-form form laid out as a column, every control off while it is being sent (BusyFieldset). */
export function BusyForm<V extends FieldValues, T>({
  form,
  onSubmit,
  onInvalid,
  busy,
  children,
}: {
  form: UseFormReturn<V, unknown, T>;
  onSubmit: SubmitHandler<T>;
  onInvalid?: SubmitErrorHandler<V>;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} noValidate className="grid gap-4">
        <BusyFieldset busy={busy}>{children}</BusyFieldset>
      </form>
    </Form>
  );
}

/** A settings card that is one form: its title (h2) and what it is for, then the form (BusyForm). */
export function FormCard<V extends FieldValues, T>({ title, description, ...form }: { title: ReactNode; description?: ReactNode } & Parameters<typeof BusyForm<V, T>>[0]) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <BusyForm {...form} />
      </CardContent>
    </Card>
  );
}
