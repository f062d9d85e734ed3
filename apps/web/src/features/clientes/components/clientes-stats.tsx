import type { ClientesResumo } from '@caderneta/shared';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import UserCheckIcon from 'lucide-react/icons/user-check';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { StatCards } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** The three cards of /clientes: total, balance ≥ 0 ("Clientes Ativos"), balance < 0. */
export function ClientesStats({ resumo }: { resumo: ClientesResumo | undefined }) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const value = (n: number | undefined) => (n === undefined ? undefined : fmt.integer(n));
  return (
    <StatCards
      label={t('title')}
      className="grid-cols-3 gap-2 sm:gap-4"
      cards={[
        { title: t('stats.total'), hint: t('stats.totalHint'), value: value(resumo?.total), icon: UsersIcon },
        { title: t('stats.ativos'), hint: t('stats.ativosHint'), value: value(resumo?.ativos), icon: UserCheckIcon, tone: 'success' },
        { title: t('stats.pendencias'), hint: t('stats.pendenciasHint'), value: value(resumo?.comPendencias), icon: CircleAlertIcon, tone: 'danger' },
      ]}
    />
  );
}
