import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { leaveApp } from '@/lib/leave-app';
import { clearBrowserStorage } from '@/lib/sign-out';
import { LoginForm } from './login-form';

/**
 * Over the page whose session ended (expired, or signed out in another tab): the seller signs in
 * again right there, and the page — with any dialog and what was typed in it — is as it was, ready
 * to be saved again. It cannot be dismissed: nothing on the page works without a session. Nothing
 * typed is stored anywhere; it simply stays on the page. "Sair" leaves instead: the session is
 * already gone on the server, so it forgets what this browser kept for the seller (cached data,
 * drafts) and opens the sign-in page afresh.
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
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => {
            clearBrowserStorage();
            // A full page load: no cached query or state of the signed-in app stays in memory. The
            // seller chose to leave what was typed: no browser "leave site?" question.
            leaveApp('/auth');
          }}
        >
          {t('sessaoExpirada.sair')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
