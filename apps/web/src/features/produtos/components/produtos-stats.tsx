import type { ProdutosResumo } from '@caderneta/shared';
import DollarSignIcon from 'lucide-react/icons/dollar-sign';
import PackageIcon from 'lucide-react/icons/package';
import PercentIcon from 'lucide-react/icons/percent';
import TriangleAlertIcon from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { StatCards } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** The four cards of /produtos, computed by the server over the whole catalogue. */
export function ProdutosStats({ resumo }: { resumo: ProdutosResumo | undefined }) {
  const { t } = useTranslation('produtos');
  const fmt = useFormatters();
  return (
    <StatCards
      label={t('title')}
      className="grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4"
      cards={[
        { title: t('stats.total'), hint: t('stats.totalHint'), value: resumo && fmt.integer(resumo.total), icon: PackageIcon },
        {
          title: t('stats.estoqueBaixo'),
          hint: t('stats.estoqueBaixoHint'),
          value: resumo && fmt.integer(resumo.estoqueBaixo),
          icon: TriangleAlertIcon,
          tone: resumo && resumo.estoqueBaixo > 0 ? 'warning' : 'default',
        },
        { title: t('stats.valorTotal'), hint: t('stats.valorTotalHint'), value: resumo && fmt.money(resumo.valorTotal), icon: DollarSignIcon, tone: 'success' },
        { title: t('stats.margemMedia'), hint: t('stats.margemMediaHint'), value: resumo && fmt.percent(resumo.margemMedia), icon: PercentIcon },
      ]}
    />
  );
}
