import type { VendasResumo } from '@caderneta/shared';
import CalendarCheckIcon from 'lucide-react/icons/calendar-check';
import ClockIcon from 'lucide-react/icons/clock';
import DollarSignIcon from 'lucide-react/icons/dollar-sign';
import ReceiptIcon from 'lucide-react/icons/receipt';
import { useTranslation } from 'react-i18next';
import { StatCards } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** Total de Vendas, Valor Total, Vendas Hoje, Pendentes ("A receber") for the filtered sales. */
export function VendasStats({ resumo }: { resumo: VendasResumo | undefined }) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  return (
    <StatCards
      className="gap-4 sm:grid-cols-2 lg:grid-cols-4"
      cards={[
        { title: t('stats.totalVendas'), hint: t('stats.totalVendasHint'), icon: ReceiptIcon, value: resumo && fmt.integer(resumo.totalVendas) },
        { title: t('stats.valorTotal'), hint: t('stats.valorTotalHint'), icon: DollarSignIcon, tone: 'success', value: resumo && fmt.money(resumo.valorTotal) },
        { title: t('stats.vendasHoje'), hint: t('stats.vendasHojeHint'), icon: CalendarCheckIcon, value: resumo && fmt.integer(resumo.vendasHoje) },
        { title: t('stats.pendentes'), hint: t('stats.pendentesHint'), icon: ClockIcon, tone: 'warning', value: resumo && fmt.money(resumo.pendentes) },
      ]}
    />
  );
}
