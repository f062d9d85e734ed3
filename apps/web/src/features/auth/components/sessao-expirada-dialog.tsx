import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoginForm } from './login-form';

/**
 * Over the page whose session ended (expired, or signed out in another tab): the seller signs in
 * again right there, and the page — with any dialog and what was typed in it — is as it was, ready
 * to be saved again. It cannot be dismissed: nothing on the page works without a session. Nothing
 * typed is stored anywhere; it simply stays on the page.
 */
export function SessaoExpiradaDialog({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  return (
    <Dialog open>
      <DialogContent showCloseButton={false} className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('sessaoExpirada.title')}</DialogTitle>
          <DialogDescription>{t('sessaoExpirada.description')}</DialogDescription>
        </DialogHeader>
        {/* What failed while signed out (lists, the bell) loads again. */}
        <LoginForm prefillEmail={email} onSignedIn={() => void queryClient.invalidateQueries()} />
      </DialogContent>
    </Dialog>
  );
}
