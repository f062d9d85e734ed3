import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/lib/get-me';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { LoginForm } from '@/features/auth/components/login-form';

// The sign-up form (and the form library it uses) loads when its tab is first opened.
const SignUpForm = lazy(() => import('@/features/auth/components/signup-form').then((m) => ({ default: m.SignUpForm })));

type AuthTab = 'entrar' | 'criar-conta';

export function Component() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const [tab, setTab] = useState<AuthTab>('entrar');
  const [signedUpEmail, setSignedUpEmail] = useState<string>();
  const [signUpOpened, setSignUpOpened] = useState(false);

  // Already signed in: straight to the app, without leaving /auth in the history.
  if (me.data) return <Navigate to="/dashboard" replace />;

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
          <Tabs
            value={tab}
            onValueChange={(value) => {
              if (value === 'criar-conta') setSignUpOpened(true);
              setTab(value as AuthTab);
            }}
          >
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="entrar">{t('tabs.signIn')}</TabsTrigger>
              <TabsTrigger value="criar-conta">{t('tabs.signUp')}</TabsTrigger>
            </TabsList>
            {/* Both stay mounted (hidden when inactive) so typed values survive switching tabs. */}
            <TabsContent value="entrar" forceMount hidden={tab !== 'entrar'}>
              <p className="mb-4 text-sm text-muted-foreground">{t('signIn.description')}</p>
              <LoginForm prefillEmail={signedUpEmail} />
            </TabsContent>
            <TabsContent value="criar-conta" forceMount hidden={tab !== 'criar-conta'}>
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
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
