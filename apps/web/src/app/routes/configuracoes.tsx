import BellIcon from 'lucide-react/icons/bell';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import MessageSquareTextIcon from 'lucide-react/icons/message-square-text';
import MonitorCogIcon from 'lucide-react/icons/monitor-cog';
import StoreIcon from 'lucide-react/icons/store';
import UserIcon from 'lucide-react/icons/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { ExigePermissao } from '@/components/sem-permissao';
import { SettingsTabs, type SettingsTab } from '@/components/settings-tabs';
import { Button } from '@/components/ui/button';
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog';
import { BackupSecao } from '@/features/backup/components/backup-secao';
import { AlterarSenhaForm } from '@/features/configuracoes/components/alterar-senha-form';
import { LojaSecao } from '@/features/configuracoes/components/loja-form';
import { NotificacoesSecao } from '@/features/configuracoes/components/notificacoes-form';
import { PerfilSecao } from '@/features/configuracoes/components/perfil-form';
import { AbaDeSecoes } from '@/features/configuracoes/components/secao';
import { SistemaSecao } from '@/features/configuracoes/components/sistema-form';
import { ImportacoesSecao } from '@/features/importacao/components/importacoes-secao';
import { MensagensConfig } from '@/features/devedores/components/mensagens-config';
import { ReguaConfig } from '@/features/devedores/components/regua-config';
import { WhatsappSettings } from '@/features/mensagens/components/whatsapp-settings';
import { MercadopagoSettings } from '@/features/portal/components/mercadopago-settings';
import { PixSettings } from '@/features/portal/components/pix-settings';
import { SessoesCard } from '@/features/sessoes/components/sessoes-card';
import { usePessoa } from '@/lib/permissoes';
import { useSession } from '@/lib/session';

/** "Esqueci minha senha" under the password form: the reset dialog, pre-filled with the seller's e-mail. */
function EsqueciSenha({ email }: { email: string }) {
  const { t } = useTranslation('configuracoes');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="link" className="h-auto min-h-11 p-0 text-sm font-normal md:pointer-fine:min-h-0" onClick={() => setOpen(true)}>
        {t('senha.esqueci')}
      </Button>
      <ForgotPasswordDialog open={open} onOpenChange={setOpen} initialEmail={email} />
    </>
  );
}

/**
 * /configuracoes (spec §2 "Settings"): every tab saves to the seller's account, so settings
 * follow them to any device; only the theme stays per device (header). A tab is one entry of
 * `tabs` — id, label, icon, content — in the order shown; each feature brings its own cards.
 * Each form reports unsaved changes (useReportDirty): leaving the page, or the tab (which unmounts
 * it), asks "Descartar alterações?" (UnsavedChangesGuard, around every signed-in page).
 *
 * Who may open it and which tabs they see follow their role (issue 37): `configuracoes` the
 * shop's settings, `mercado_pago` its tab, `backup` the backup card; the password and the
 * person's own devices (Perfil) are everyone's who opens the page.
 */
export function Component() {
  return (
    <ExigePermissao permissao={['configuracoes', 'mercado_pago', 'backup']} pagina="configuracoes">
      <Configuracoes />
    </ExigePermissao>
  );
}

function Configuracoes() {
  const { t } = useTranslation(['configuracoes', 'portal', 'devedores']);
  const { user } = useSession();
  const { pode } = usePessoa();
  const configura = pode('configuracoes');

  const senhaEAcessos = (
    <>
      <AlterarSenhaForm esqueci={<EsqueciSenha email={user.email} />} />
      <SessoesCard />
    </>
  );
  // Each tab with who may see it; the Perfil tab is everyone's.
  const todas: Array<SettingsTab & { visivel: boolean }> = [
    {
      id: 'perfil',
      label: t('tabs.perfil'),
      icon: UserIcon,
      visivel: true,
      // The shop's profile comes with its settings (GET /api/configuracoes): only for who may see them.
      content: configura ? (
        <AbaDeSecoes>
          <PerfilSecao />
          {senhaEAcessos}
        </AbaDeSecoes>
      ) : (
        senhaEAcessos
      ),
    },
    {
      id: 'loja',
      label: t('tabs.loja'),
      icon: StoreIcon,
      visivel: configura,
      content: (
        <AbaDeSecoes>
          <LojaSecao />
          <PixSettings />
        </AbaDeSecoes>
      ),
    },
    { id: 'mercadopago', label: t('portal:config.tabs.mercadopago'), icon: CreditCardIcon, visivel: pode('mercado_pago'), content: <MercadopagoSettings /> },
    {
      id: 'mensagens',
      label: t('devedores:mensagens.tab'),
      icon: MessageSquareTextIcon,
      visivel: configura,
      // No card reads the seller's settings (AbaDeSecoes): each loads its own.
      content: (
        <>
          <MensagensConfig />
          <ReguaConfig />
          <WhatsappSettings />
        </>
      ),
    },
    { id: 'notificacoes', label: t('tabs.notificacoes'), icon: BellIcon, visivel: configura, content: <NotificacoesSecao /> },
    {
      id: 'sistema',
      label: t('tabs.sistema'),
      icon: MonitorCogIcon,
      visivel: configura || pode('backup'),
      // Importing a spreadsheet goes with backups: one permission, "backup e importação" (issue 39).
      content: configura ? (
        <AbaDeSecoes>
          <SistemaSecao />
          {pode('backup') && <BackupSecao />}
          {pode('backup') && <ImportacoesSecao />}
        </AbaDeSecoes>
      ) : (
        <>
          <BackupSecao />
          <ImportacoesSecao />
        </>
      ),
    },
  ];
  const tabs = todas.filter((tab) => tab.visivel);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <SettingsTabs tabs={tabs} label={t('tabs.label')} />
    </>
  );
}
