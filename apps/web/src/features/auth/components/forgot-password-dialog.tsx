import { forgotPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
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
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordValues {
  email: string;
}

/**
 * "Esqueceu a senha?": asks for the e-mail and always gives the same answer. Controlled by the
 * page that opens it (the login form loads this module only when the link is first used).
 */
interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the seller already typed on the login form, to start from it. */
  initialEmail?: string;
}

export function ForgotPasswordDialog({ open, onOpenChange: setOpen, initialEmail = '' }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: initialEmail },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ email: initialEmail });
  }, [open, initialEmail, reset]);

  function onOpenChange(next: boolean) {
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
