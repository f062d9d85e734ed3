import BellIcon from 'lucide-react/icons/bell';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import MessageSquareTextIcon from 'lucide-react/icons/message-square-text';
import MonitorCogIcon from 'lucide-react/icons/monitor-cog';
import StoreIcon from 'lucide-react/icons/store';
import UserIcon from 'lucide-react/icons/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
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
import { MensagensConfig } from '@/features/devedores/components/mensagens-config';
import { MercadopagoSettings } from '@/features/portal/components/mercadopago-settings';
import { PixSettings } from '@/features/portal/components/pix-settings';
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
 */
export function Component() {
  const { t } = useTranslation(['configuracoes', 'portal', 'devedores']);
  const { user } = useSession();

  const tabs: SettingsTab[] = [
    {
      id: 'perfil',
      label: t('tabs.perfil'),
      icon: UserIcon,
      content: (
        <AbaDeSecoes>
          <PerfilSecao />
          <AlterarSenhaForm esqueci={<EsqueciSenha email={user.email} />} />
        </AbaDeSecoes>
      ),
    },
    {
      id: 'loja',
      label: t('tabs.loja'),
      icon: StoreIcon,
      content: (
        <AbaDeSecoes>
          <LojaSecao />
          <PixSettings />
        </AbaDeSecoes>
      ),
    },
    { id: 'mercadopago', label: t('portal:config.tabs.mercadopago'), icon: CreditCardIcon, content: <MercadopagoSettings /> },
    { id: 'mensagens', label: t('devedores:mensagens.tab'), icon: MessageSquareTextIcon, content: <MensagensConfig /> },
    { id: 'notificacoes', label: t('tabs.notificacoes'), icon: BellIcon, content: <NotificacoesSecao /> },
    {
      id: 'sistema',
      label: t('tabs.sistema'),
      icon: MonitorCogIcon,
      content: (
        <AbaDeSecoes>
          <SistemaSecao />
          <BackupSecao />
        </AbaDeSecoes>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <SettingsTabs tabs={tabs} label={t('tabs.label')} />
    </>
  );
}
