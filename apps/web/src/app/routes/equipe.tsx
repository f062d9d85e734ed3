import type { Pessoa } from '@caderneta/shared';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import MailIcon from 'lucide-react/icons/mail';
import UsersRoundIcon from 'lucide-react/icons/users-round';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { ExigePermissao } from '@/components/sem-permissao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { ConviteCriado } from '@/features/equipe/api/convite-criado';
import { useEquipe } from '@/features/equipe/api/get-equipe';
import { ConvidarDialog } from '@/features/equipe/components/convidar-dialog';
import { CriarLoginDialog } from '@/features/equipe/components/criar-login-dialog';
import { DesativarPessoaDialog } from '@/features/equipe/components/desativar-pessoa-dialog';
import { EditarAcessoDialog } from '@/features/equipe/components/editar-acesso-dialog';
import { EncerrarSessoesDialog } from '@/features/equipe/components/encerrar-sessoes-dialog';
import { LinkConviteDialog } from '@/features/equipe/components/link-convite-dialog';
import { PessoaRow, type PessoaRowActions } from '@/features/equipe/components/pessoa-row';
import { RedefinirSenhaDialog } from '@/features/equipe/components/redefinir-senha-dialog';
import { ReenviarConviteDialog } from '@/features/equipe/components/reenviar-convite-dialog';
import { useAtivoPessoa } from '@/features/equipe/components/use-ativo-pessoa';

/**
 * /equipe: the people of the shop (issue 37) — the owner and the staff, each with a role, the
 * permissions ticked for them and a discount cap — with invitations by e-mail, logins for people
 * without e-mail, and per person: access, on/off, a new invitation link, a new password, sign-out.
 */
export function Component() {
  return (
    <ExigePermissao permissao="equipe" pagina="equipe">
      <Equipe />
    </ExigePermissao>
  );
}

function Equipe() {
  const { t } = useTranslation('equipe');
  const query = useEquipe();
  const pessoas = query.data?.pessoas ?? [];
  useLoadErrorToast(query, t('list.loadError'));

  const [convidando, setConvidando] = useState(false);
  const [criandoLogin, setCriandoLogin] = useState(false);
  const [link, setLink] = useState<ConviteCriado | null>(null);
  const [editando, setEditando] = useState<Pessoa | null>(null);
  const [desativando, setDesativando] = useState<Pessoa | null>(null);
  const [reenviando, setReenviando] = useState<Pessoa | null>(null);
  const [redefinindo, setRedefinindo] = useState<Pessoa | null>(null);
  const [encerrando, setEncerrando] = useState<Pessoa | null>(null);
  const mudarAtivo = useAtivoPessoa();

  const actions: PessoaRowActions = {
    onEditarAcesso: setEditando,
    // Deactivating asks first (the person is signed out at once); reactivating does not.
    onAtivo: (pessoa) => (pessoa.situacao === 'inativa' ? void mudarAtivo(pessoa) : setDesativando(pessoa)),
    onReenviarConvite: setReenviando,
    onRedefinirSenha: setRedefinindo,
    onEncerrarSessoes: setEncerrando,
  };

  const acoes = (
    <>
      <Button onClick={() => setConvidando(true)}>
        <MailIcon aria-hidden="true" />
        {t('actions.convidar')}
      </Button>
      <Button variant="outline" onClick={() => setCriandoLogin(true)}>
        <KeyRoundIcon aria-hidden="true" />
        {t('actions.criarLogin')}
      </Button>
    </>
  );

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!query.data) return <LoadError title={t('list.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    // The signed-in person is always on the list: alone, the page says how to bring someone in.
    if (pessoas.length <= 1) {
      return (
        <>
          <ul aria-label={t('list.label')} className="divide-y border-b">
            {pessoas.map((pessoa) => (
              <PessoaRow key={pessoa.id} pessoa={pessoa} actions={actions} />
            ))}
          </ul>
          <EmptyState icon={UsersRoundIcon} title={t('list.empty')} description={t('list.emptyDescription')} />
        </>
      );
    }
    return (
      <ul aria-label={t('list.label')} className="divide-y">
        {pessoas.map((pessoa) => (
          <PessoaRow key={pessoa.id} pessoa={pessoa} actions={actions} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={acoes} />
      <Card className="gap-0 py-0">{renderBody()}</Card>
      <ConvidarDialog open={convidando} onOpenChange={setConvidando} onConvidada={setLink} />
      <CriarLoginDialog open={criandoLogin} onOpenChange={setCriandoLogin} />
      <LinkConviteDialog convite={link} onOpenChange={(open) => !open && setLink(null)} />
      <EditarAcessoDialog pessoa={editando} onOpenChange={(open) => !open && setEditando(null)} />
      <DesativarPessoaDialog
        pessoa={desativando}
        onOpenChange={(open) => !open && setDesativando(null)}
        onConfirm={async (pessoa) => {
          if (await mudarAtivo(pessoa)) setDesativando(null);
        }}
      />
      <ReenviarConviteDialog pessoa={reenviando} onOpenChange={(open) => !open && setReenviando(null)} onReenviado={setLink} />
      <RedefinirSenhaDialog pessoa={redefinindo} onOpenChange={(open) => !open && setRedefinindo(null)} />
      <EncerrarSessoesDialog pessoa={encerrando} onOpenChange={(open) => !open && setEncerrando(null)} />
    </>
  );
}
