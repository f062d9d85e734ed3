import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { LinkInvalido } from '@/features/auth/components/link-invalido';
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
        <LinkInvalido titulo={t('resetPassword.invalidTitle')} descricao={t('resetPassword.invalidDescription')} acao={t('resetPassword.requestNew')} />
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
