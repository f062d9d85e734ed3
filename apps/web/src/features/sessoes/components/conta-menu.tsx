import MonitorSmartphoneIcon from 'lucide-react/icons/monitor-smartphone';
import SettingsIcon from 'lucide-react/icons/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PopupProps } from '@/components/layout/deferred-popup';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { usePessoa } from '@/lib/permissoes';
import { useSession } from '@/lib/session';
import { SessoesDialog } from './sessoes-dialog';

/**
 * The account menu behind the header's "Olá, {name}" (loaded on first use): who is signed in and
 * their role, "Meus acessos" (the person's devices, for everyone: Configurações may be closed to
 * them) and Configurações for who may open it.
 */
export function ContaMenu({ trigger, defaultOpen }: PopupProps) {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const { papel, pode } = usePessoa();
  const [acessos, setAcessos] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="min-w-56">
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="truncate">{user.nome || user.email}</span>
            <span className="text-xs font-normal text-muted-foreground">{t('conta.funcao', { papel: t(`conta.papeis.${papel}`) })}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="min-h-11 md:pointer-fine:min-h-0" onSelect={() => setAcessos(true)}>
            <MonitorSmartphoneIcon aria-hidden="true" />
            {t('conta.acessos')}
          </DropdownMenuItem>
          {pode(['configuracoes', 'mercado_pago', 'backup']) && (
            <DropdownMenuItem asChild className="min-h-11 md:pointer-fine:min-h-0">
              <Link to="/configuracoes">
                <SettingsIcon aria-hidden="true" />
                {t('nav.configuracoes')}
              </Link>
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <SessoesDialog open={acessos} onOpenChange={setAcessos} />
    </>
  );
}
