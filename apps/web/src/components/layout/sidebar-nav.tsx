import LogOutIcon from 'lucide-react/icons/log-out';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirmLeaveApp } from '@/components/unsaved-changes';
import { usePessoa } from '@/lib/permissoes';
import { useSignOut } from '@/lib/sign-out';
import { cn } from '@/lib/utils';
import { usePwa } from '@/pwa/estado';
import { NAV_ITEMS } from './nav-items';

// "Instalar app" loads when the browser offers installation.
const BotaoInstalar = lazy(() => import('@/pwa/botao-instalar').then((m) => ({ default: m.BotaoInstalar }), () => ({ default: () => null })));

/** The menu and the "Sair" button; used by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const signOut = useSignOut();
  // With a form not saved, "Descartar alterações?" first (the app's question, not the browser's).
  const confirmLeave = useConfirmLeaveApp();
  const { instalavel } = usePwa();
  const { pode } = usePessoa();
  // Only what the person's role lets them open (issue 37).
  const items = NAV_ITEMS.filter((item) => !('permissao' in item) || pode(item.permissao));
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3">
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const Icon = item.icon;
            const primary = 'primary' in item && item.primary;
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={'end' in item ? item.end : false}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium md:pointer-fine:min-h-0 transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
                      primary && 'my-1',
                      // The current page looks the same for every item, "Nova Venda" included: a ring
                      // there read as a second keyboard focus.
                      primary && !isActive
                        ? 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90'
                        : 'text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                      isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-1 border-t border-sidebar-border p-3">
        {instalavel && (
          <Suspense fallback={null}>
            <BotaoInstalar />
          </Suspense>
        )}
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 text-sidebar-foreground/80"
          disabled={signOut.isPending || signOut.isSuccess}
          onClick={() => confirmLeave(() => signOut.mutate())}
        >
          <LogOutIcon aria-hidden="true" />
          {signOut.isPending ? t('signOut.pending') : t('signOut.action')}
        </Button>
      </div>
    </div>
  );
}
