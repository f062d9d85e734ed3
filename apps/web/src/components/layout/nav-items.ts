import type { Permissao } from '@caderneta/shared';
import BellIcon from 'lucide-react/icons/bell';
import ChartColumnIcon from 'lucide-react/icons/chart-column';
import CirclePlusIcon from 'lucide-react/icons/circle-plus';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import HistoryIcon from 'lucide-react/icons/history';
import LayoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import PackageIcon from 'lucide-react/icons/package';
import SettingsIcon from 'lucide-react/icons/settings';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import UserCogIcon from 'lucide-react/icons/user-cog';
import UsersIcon from 'lucide-react/icons/users';

const VENDER: readonly Permissao[] = ['vender_avista', 'vender_fiado'];
/** Configurações opens with any of its tabs' permissions (its Perfil tab is everyone's). */
const CONFIGURAR: readonly Permissao[] = ['configuracoes', 'mercado_pago', 'backup'];

/**
 * Menu of the signed-in app, in the spec's order. `permissao`: shown only to a person who has it
 * (any of a list); the server refuses the page's requests to anyone else (issue 37).
 */
export const NAV_ITEMS = [
  { to: '/dashboard', key: 'dashboard', icon: LayoutDashboardIcon },
  { to: '/vendas/nova', key: 'novaVenda', icon: CirclePlusIcon, primary: true, permissao: VENDER },
  // `end` so that /vendas/nova does not also mark "Vendas" as current.
  { to: '/vendas', key: 'vendas', icon: ShoppingCartIcon, end: true },
  { to: '/clientes', key: 'clientes', icon: UsersIcon },
  { to: '/produtos', key: 'produtos', icon: PackageIcon },
  { to: '/devedores', key: 'devedores', icon: HandCoinsIcon },
  { to: '/relatorios', key: 'relatorios', icon: ChartColumnIcon, permissao: 'ver_relatorios' },
  { to: '/historico', key: 'historico', icon: HistoryIcon, permissao: 'equipe' },
  { to: '/equipe', key: 'equipe', icon: UserCogIcon, permissao: 'equipe' },
  { to: '/configuracoes', key: 'configuracoes', icon: SettingsIcon, permissao: CONFIGURAR },
  { to: '/notificacoes', key: 'notificacoes', icon: BellIcon },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];
