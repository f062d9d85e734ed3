import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMe } from '@/lib/get-me';
import { destinoDepoisDoLogin } from '@/lib/login-redirect';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { AuthTabs } from '@/features/auth/components/auth-tabs';
import { LoginForm } from '@/features/auth/components/login-form';

// The sign-up form (and the form library it uses) loads when its tab is first opened.
const SignUpForm = lazy(() => import('@/features/auth/components/signup-form').then((m) => ({ default: m.SignUpForm })));

type AuthTab = 'entrar' | 'criar-conta';

/** The e-mail an accepted invitation (/convite/:token) sends here with, to sign in with. */
function emailDoConvite(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

export function Component() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>('entrar');
  const [signedUpEmail, setSignedUpEmail] = useState<string>();
  const [signUpOpened, setSignUpOpened] = useState(false);

  // Already signed in: straight to the app (or back to the page the session expired on), without
  // leaving /auth in the history.
  if (me.data) return <Navigate to={destinoDepoisDoLogin(location.state)} replace />;

  return (
    <AuthPageShell title={t('title')}>
      <Card>
        <CardHeader className="text-center">
          <CardTitle>
            <h1 className="text-xl">{t('title')}</h1>
          </CardTitle>
          <CardDescription>{t('subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <AuthTabs<AuthTab>
            value={tab}
            onChange={(value) => {
              if (value === 'criar-conta') setSignUpOpened(true);
              setTab(value);
            }}
            tabs={[
              {
                id: 'entrar',
                label: t('tabs.signIn'),
                content: (
                  <>
                    <p className="mb-4 text-sm text-muted-foreground">{t('signIn.description')}</p>
                    <LoginForm prefillEmail={signedUpEmail ?? emailDoConvite(location.state)} />
                  </>
                ),
              },
              {
                id: 'criar-conta',
                label: t('tabs.signUp'),
                content: (
                  <>
                    <p className="mb-4 text-sm text-muted-foreground">{t('signUp.description')}</p>
                    {signUpOpened && (
                      <Suspense fallback={<p className="text-sm text-muted-foreground">{t('signUp.loading')}</p>}>
                        <SignUpForm
                          onSignedUp={(email) => {
                            setSignedUpEmail(email);
                            setTab('entrar');
                          }}
                        />
                      </Suspense>
                    )}
                  </>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
