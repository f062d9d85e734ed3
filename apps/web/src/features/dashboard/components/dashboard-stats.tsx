import type { Dashboard } from '@caderneta/shared';
import ClockIcon from 'lucide-react/icons/clock';
import PackageIcon from 'lucide-react/icons/package';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { StatCards } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** Spec §2 Dashboard: Total de Clientes, Produtos, Vendas Hoje, Valor Total (em vendas pendentes). */
export function DashboardStats({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('dashboard');
  const fmt = useFormatters();
  return (
    <StatCards
      className="gap-4 sm:grid-cols-2 lg:grid-cols-4"
      cards={[
        { title: t('stats.clientes'), hint: t('stats.clientesHint'), icon: UsersIcon, value: data && fmt.integer(data.totalClientes) },
        { title: t('stats.produtos'), hint: t('stats.produtosHint'), icon: PackageIcon, value: data && fmt.integer(data.totalProdutos) },
        { title: t('stats.vendasHoje'), hint: t('stats.vendasHojeHint'), icon: ShoppingCartIcon, tone: 'success', value: data && fmt.integer(data.vendasHoje) },
        { title: t('stats.valorPendente'), hint: t('stats.valorPendenteHint'), icon: ClockIcon, tone: 'warning', value: data && fmt.money(data.valorPendente) },
      ]}
    />
  );
}
