import LinkIcon from 'lucide-react/icons/link-2-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // The API sends expired or unknown links here with ?error=INVALID_TOKEN.
  const [invalid, setInvalid] = useState(!token || params.has('error'));

  return (
    <AuthPageShell title={t('resetPassword.title')}>
      {invalid || !token ? (
        <Card role="alert">
          <CardHeader className="text-center">
            <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <LinkIcon className="size-6" aria-hidden="true" />
            </span>
            <CardTitle>
              <h1 className="text-xl">{t('resetPassword.invalidTitle')}</h1>
            </CardTitle>
            <CardDescription>{t('resetPassword.invalidDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full">
              <Link to="/auth">{t('resetPassword.requestNew')}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader className="text-center">
            <CardTitle>
              <h1 className="text-xl">{t('resetPassword.title')}</h1>
            </CardTitle>
            <CardDescription>{t('resetPassword.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ResetPasswordForm
              token={token}
              onDone={() => navigate('/auth', { replace: true })}
              onInvalidToken={() => setInvalid(true)}
            />
          </CardContent>
        </Card>
      )}
    </AuthPageShell>
  );
}
