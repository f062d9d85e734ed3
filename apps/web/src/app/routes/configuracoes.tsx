import BellIcon from 'lucide-react/icons/bell';
import MonitorCogIcon from 'lucide-react/icons/monitor-cog';
import StoreIcon from 'lucide-react/icons/store';
import UserIcon from 'lucide-react/icons/user';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsTabs, type SettingsTab } from '@/components/settings-tabs';
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog';
import { BackupSecao } from '@/features/backup/components/backup-secao';
import { AlterarSenhaForm } from '@/features/configuracoes/components/alterar-senha-form';
import { LojaSecao } from '@/features/configuracoes/components/loja-form';
import { NotificacoesSecao } from '@/features/configuracoes/components/notificacoes-form';
import { PerfilSecao } from '@/features/configuracoes/components/perfil-form';
import { SistemaSecao } from '@/features/configuracoes/components/sistema-form';
import { useSession } from '@/lib/session';

/**
 * /configuracoes (spec §2 "Settings"): every tab saves to the seller's account, so settings
 * follow them to any device; only the theme stays per device (header). A tab is one entry of
 * `tabs` — id, label, icon, content — in the order shown; a feature's tab composes its own cards.
 */
export function Component() {
  const { t } = useTranslation('configuracoes');
  const { user } = useSession();

  const tabs: SettingsTab[] = [
    {
      id: 'perfil',
      label: t('tabs.perfil'),
      icon: UserIcon,
      content: (
        <>
          <PerfilSecao />
          <AlterarSenhaForm esqueci={<ForgotPasswordDialog getInitialEmail={() => user.email} triggerLabel={t('senha.esqueci')} triggerClassName="min-h-11 md:pointer-fine:min-h-0" />} />
        </>
      ),
    },
    { id: 'loja', label: t('tabs.loja'), icon: StoreIcon, content: <LojaSecao /> },
    { id: 'notificacoes', label: t('tabs.notificacoes'), icon: BellIcon, content: <NotificacoesSecao /> },
    {
      id: 'sistema',
      label: t('tabs.sistema'),
      icon: MonitorCogIcon,
      content: (
        <>
          <SistemaSecao />
          <BackupSecao />
        </>
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
