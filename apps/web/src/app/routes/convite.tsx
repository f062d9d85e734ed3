import UsersRoundIcon from 'lucide-react/icons/users-round';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConvite } from '@/features/auth/api/get-convite';
import { AceitarConviteForm } from '@/features/auth/components/aceitar-convite-form';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { LinkInvalido } from '@/features/auth/components/link-invalido';
import { isApiError } from '@/lib/api-client';

/**
 * /convite/:token: the link of an invitation to a shop's team (issue 37). The invited person sees
 * whose shop it is, sets a password, and signs in on /auth with their e-mail filled in. A link
 * used, expired or cancelled says so, with the way to the sign-in page.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const query = useConvite(token);
  const [invalido, setInvalido] = useState(false);

  function conteudo() {
    if (query.isPending) {
      return (
        <p role="status" className="py-12 text-center text-muted-foreground">
          {t('convite.loading')}
        </p>
      );
    }
    if (invalido || isApiError(query.error, 'CONVITE_INVALIDO')) {
      return (
        <LinkInvalido titulo={t('convite.invalidTitle')} descricao={t('convite.invalidDescription')} acao={t('convite.irParaLogin')} />
      );
    }
    if (!query.data) {
      return (
        <Card>
          <LoadError title={t('convite.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      );
    }
    const convite = query.data;
    return (
      <Card>
        <CardHeader className="text-center">
          <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UsersRoundIcon className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>
            <h1 className="text-xl [overflow-wrap:anywhere]">{t('convite.title', { nomeLoja: convite.nomeLoja })}</h1>
          </CardTitle>
          <CardDescription className="[overflow-wrap:anywhere]">{t('convite.description', { nome: convite.nome })}</CardDescription>
        </CardHeader>
        <CardContent>
          <AceitarConviteForm
            token={token}
            convite={convite}
            onAceito={(email) => void navigate('/auth', { replace: true, state: { email } })}
            onInvalido={() => setInvalido(true)}
          />
        </CardContent>
      </Card>
    );
  }

  return <AuthPageShell title={t('convite.pageTitle')}>{conteudo()}</AuthPageShell>;
}
