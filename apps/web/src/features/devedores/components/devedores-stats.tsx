import type { DevedoresResumo } from '@caderneta/shared';
import CalendarClockIcon from 'lucide-react/icons/calendar-clock';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import HourglassIcon from 'lucide-react/icons/hourglass';
import UsersIcon from 'lucide-react/icons/users';
import WalletIcon from 'lucide-react/icons/wallet';
import { useTranslation } from 'react-i18next';
import { StatCards } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** The five cards of /devedores, over every debtor (spec §2). */
export function DevedoresStats({ resumo }: { resumo: DevedoresResumo | undefined }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const n = (value: number | undefined) => (value === undefined ? undefined : fmt.integer(value));
  return (
    <StatCards
      label={t('title')}
      className="grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
      cards={[
        { title: t('stats.total'), hint: t('stats.totalHint'), value: n(resumo?.totalDevedores), icon: UsersIcon },
        { title: t('stats.vencidas'), hint: t('stats.vencidasHint'), value: n(resumo?.dividasVencidas), icon: CalendarClockIcon, tone: 'warning' },
        { title: t('stats.valor'), hint: t('stats.valorHint'), value: resumo ? fmt.money(resumo.valorTotal) : undefined, icon: WalletIcon, tone: 'danger' },
        { title: t('stats.criticos'), hint: t('stats.criticosHint'), value: n(resumo?.casosCriticos), icon: CircleAlertIcon, tone: 'danger' },
        { title: t('stats.media'), hint: t('stats.mediaHint'), value: resumo ? t('stats.dias', { count: resumo.mediaAtraso }) : undefined, icon: HourglassIcon },
      ]}
    />
  );
}
