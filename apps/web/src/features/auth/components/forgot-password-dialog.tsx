import { forgotPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordValues {
  email: string;
}

/** "Esqueceu a senha?": asks for the e-mail and always gives the same answer. */
interface ForgotPasswordDialogProps {
  /** Reads what the seller already typed on the login form, to start from it. */
  getInitialEmail?: () => string;
  /** The link that opens the dialog ("Esqueceu a senha?" on the login form). */
  triggerLabel?: string;
  /** Extra classes for that link (e.g. a fingertip-sized target among buttons). */
  triggerClassName?: string;
}

export function ForgotPasswordDialog({ getInitialEmail, triggerLabel, triggerClassName }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  function onOpenChange(next: boolean) {
    if (next) form.reset({ email: getInitialEmail?.() ?? '' });
    setOpen(next);
  }

  async function onSubmit({ email }: ForgotPasswordValues) {
    try {
      await requestReset.mutateAsync(email);
    } catch (error) {
      toastError(error, 'auth:forgotPassword.errorTitle');
      return;
    }
    toast.success(t('forgotPassword.sentTitle'), {
      description: t('forgotPassword.sentDescription'),
    });
    setOpen(false);
  }

  function onInvalid(errors: FieldErrors<ForgotPasswordValues>) {
    if (errors.email?.message === 'required') {
      toast.error(t('forgotPassword.emailRequiredTitle'), {
        description: t('forgotPassword.emailRequiredDescription'),
      });
    }
  }

  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className={cn('h-auto p-0 text-sm font-normal', triggerClassName)}>
          {triggerLabel ?? t('signIn.forgotPassword')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('forgotPassword.title')}</DialogTitle>
          <DialogDescription>{t('forgotPassword.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          {/* Portalled out of the login form in the DOM, but React events still bubble to it
              through the component tree: stop the submit here. */}
          <form
            onSubmit={(event) => {
              event.stopPropagation();
              void form.handleSubmit(onSubmit, onInvalid)(event);
            }}
            noValidate
            className="grid gap-4"
          >
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('fields.email')}</FormLabel>
                  <FormControl>
                    <Input required
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      placeholder={t('placeholders.email')}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('forgotPassword.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy}>
                {busy ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
