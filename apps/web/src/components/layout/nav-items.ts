import BellIcon from 'lucide-react/icons/bell';
import ChartColumnIcon from 'lucide-react/icons/chart-column';
import CirclePlusIcon from 'lucide-react/icons/circle-plus';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import HistoryIcon from 'lucide-react/icons/history';
import LayoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import PackageIcon from 'lucide-react/icons/package';
import SettingsIcon from 'lucide-react/icons/settings';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import UsersIcon from 'lucide-react/icons/users';

/** Menu of the signed-in app, in the spec's order. */
export const NAV_ITEMS = [
  { to: '/dashboard', key: 'dashboard', icon: LayoutDashboardIcon },
  { to: '/vendas/nova', key: 'novaVenda', icon: CirclePlusIcon, primary: true },
  // `end` so that /vendas/nova does not also mark "Vendas" as current.
  { to: '/vendas', key: 'vendas', icon: ShoppingCartIcon, end: true },
  { to: '/clientes', key: 'clientes', icon: UsersIcon },
  { to: '/produtos', key: 'produtos', icon: PackageIcon },
  { to: '/devedores', key: 'devedores', icon: HandCoinsIcon },
  { to: '/relatorios', key: 'relatorios', icon: ChartColumnIcon },
  { to: '/historico', key: 'historico', icon: HistoryIcon },
  { to: '/configuracoes', key: 'configuracoes', icon: SettingsIcon },
  { to: '/notificacoes', key: 'notificacoes', icon: BellIcon },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];
