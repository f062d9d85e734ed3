import type { SignInInput } from '@caderneta/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import { destinoDepoisDoLogin, HOME_PATH } from '@/lib/login-redirect';
import { type FieldErrorLike, useValidationMessage } from '@/lib/validation-message';
import { useSignIn } from '../api/sign-in';
import { emailParaMostrar } from '@caderneta/shared/usuario';

// The dialog (and Radix's dialog code) loads when the seller asks for it, not with the login page.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));

type Field = 'email' | 'senha';

/** One "Erro no login" at a time, gone as soon as the seller tries again (and so never left over the dashboard). */
const ERRO_LOGIN = 'erro-no-login';
type Errors = Partial<Record<Field, FieldErrorLike>>;

/**
 * The shared schemas check the form, as everywhere else; they are imported when the seller first
 * submits, so the login page itself carries no validation library (zod) and no form library.
 * "E-mail ou usuário": with an "@" it is an e-mail; without, a login of someone without e-mail
 * (trimmed, in lower case), which the server maps to its account.
 */
async function validate(values: SignInInput): Promise<{ data: SignInInput | null; errors: Errors }> {
  const [{ signInInputSchema }, { usuarioSchema }] = await Promise.all([import('@caderneta/shared/schemas/auth'), import('@caderneta/shared/schemas/equipe')]);
  const usuario = !values.email.includes('@');
  const parsed = (usuario ? signInInputSchema.extend({ email: usuarioSchema }) : signInInputSchema).safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'senha') && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  // Neither an e-mail nor a login: say what the field takes.
  if (errors.email?.message === 'usuarioInvalido') errors.email = { ...errors.email, message: 'emailOuUsuarioInvalido' };
  return { data: null, errors };
}

interface LoginFormProps {
  /** Filled in after a successful sign-up or an accepted invitation, so the person only types the password (a login without e-mail shows as the login). */
  prefillEmail?: string;
  /** Signed in over a page whose session had ended: called instead of leaving for another page. */
  onSignedIn?: () => void;
}

export function LoginForm({ prefillEmail, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // Back to the page the session expired on, when there was one.
  const destino = destinoDepoisDoLogin(useLocation().state);
  const signIn = useSignIn();
  const toMessage = useValidationMessage();
  const ids = { email: useId(), senha: useId(), lembrar: useId() };
  const refs = { email: useRef<HTMLInputElement>(null), senha: useRef<HTMLInputElement>(null) };
  const [values, setValues] = useState<SignInInput>({ email: '', senha: '', permanecerLogado: false });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  // Mounted from the first click on, so it can animate closed and keep its state.
  const [forgotUsed, setForgotUsed] = useState(false);

  useEffect(() => {
    if (!prefillEmail) return;
    setValues((v) => ({ ...v, email: emailParaMostrar(prefillEmail) }));
    refs.senha.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs are stable
  }, [prefillEmail]);

  // After the first attempt, each change is checked again (as the other forms do).
  function change(next: SignInInput) {
    setValues(next);
    if (submitted) void validate(next).then(({ errors: e }) => setErrors(e));
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    toast.dismiss(ERRO_LOGIN);
    setSubmitted(true);
    setBusy(true);
    try {
      const { data, errors: found } = await validate(values);
      setErrors(found);
      if (!data) {
        const first = (['email', 'senha'] as const).find((f) => found[f]);
        if (first) refs[first].current?.focus();
        return;
      }
      try {
        await signIn.mutateAsync(data);
      } catch (error) {
        if (error instanceof ApiError) {
          const fromServer: Errors = {};
          for (const issue of error.issues) {
            if (issue.path === 'email' || issue.path === 'senha') fromServer[issue.path] = { type: 'server', message: issue.message };
          }
          setErrors(fromServer);
        }
        // Always said, even under the "Sua sessão expirou" dialog: this is the sign-in's own refusal.
        if (!(error instanceof ApiError)) console.error(error);
        toast.error(t('signIn.errorTitle'), { id: ERRO_LOGIN, description: errorMessage(error) });
        return;
      }
      if (onSignedIn) {
        toast.success(t('signIn.successTitle'));
        onSignedIn();
        return;
      }
      toast.success(t('signIn.successTitle'), destino === HOME_PATH ? { description: t('signIn.successDescription') } : undefined);
      void navigate(destino, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  const message = (field: Field) => toMessage(errors[field]);
  const described = (field: Field) => (errors[field] ? `${ids[field]}-message` : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.email} data-error={!!errors.email} className="data-[error=true]:text-destructive">
          {t('fields.emailOuUsuario')}
        </Label>
        <Input
          ref={refs.email}
          id={ids.email}
          name="email"
          required
          // Text, not "email": a login without e-mail ("ana.padaria") goes here too.
          type="text"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('placeholders.emailOuUsuario')}
          value={values.email}
          onChange={(e) => change({ ...values, email: e.target.value })}
          aria-invalid={!!errors.email}
          aria-describedby={described('email')}
        />
        {errors.email && (
          <p id={`${ids.email}-message`} role="alert" className="text-sm text-destructive">
            {message('email')}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.senha} data-error={!!errors.senha} className="data-[error=true]:text-destructive">
            {t('fields.password')}
          </Label>
          <Button type="button" variant="link" className="min-h-11 px-0 py-0 text-sm font-normal md:pointer-fine:min-h-0" onClick={() => {
              setForgotUsed(true);
              setForgot(true);
            }}>
            {t('signIn.forgotPassword')}
          </Button>
          {forgotUsed && (
            <Suspense fallback={null}>
              <ForgotPasswordDialog open={forgot} onOpenChange={setForgot} initialEmail={values.email.includes('@') ? values.email : ''} />
            </Suspense>
          )}
        </div>
        <Input
          ref={refs.senha}
          id={ids.senha}
          name="senha"
          required
          type="password"
          autoComplete="current-password"
          value={values.senha}
          onChange={(e) => change({ ...values, senha: e.target.value })}
          aria-invalid={!!errors.senha}
          aria-describedby={described('senha')}
        />
        {errors.senha && (
          <p id={`${ids.senha}-message`} role="alert" className="text-sm text-destructive">
            {message('senha')}
          </p>
        )}
      </div>
      {/* A native checkbox: the login page carries no Radix checkbox code. */}
      <div className="flex min-h-11 flex-row items-center gap-2">
        <input
          type="checkbox"
          id={ids.lembrar}
          name="permanecerLogado"
          className="size-4 shrink-0 cursor-pointer accent-primary"
          checked={values.permanecerLogado}
          onChange={(event) => setValues((v) => ({ ...v, permanecerLogado: event.target.checked }))}
        />
        <Label htmlFor={ids.lembrar} className="min-h-11 flex-1 font-normal">
          {t('signIn.rememberMe')}
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}

