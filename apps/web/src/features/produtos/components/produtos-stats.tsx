import type { ProdutosResumo } from '@caderneta/shared';
import DollarSignIcon from 'lucide-react/icons/dollar-sign';
import PackageIcon from 'lucide-react/icons/package';
import PercentIcon from 'lucide-react/icons/percent';
import TriangleAlertIcon from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';

/** The four cards of /produtos, computed by the server over the whole catalogue. */
export function ProdutosStats({ resumo }: { resumo: ProdutosResumo | undefined }) {
  const { t } = useTranslation('produtos');
  const fmt = useFormatters();
  return (
    <section aria-label={t('title')} className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title={t('stats.total')}
        hint={t('stats.totalHint')}
        value={resumo && fmt.integer(resumo.total)}
        icon={PackageIcon}
      />
      <StatCard
        title={t('stats.estoqueBaixo')}
        hint={t('stats.estoqueBaixoHint')}
        value={resumo && fmt.integer(resumo.estoqueBaixo)}
        icon={TriangleAlertIcon}
        tone={resumo && resumo.estoqueBaixo > 0 ? 'warning' : 'default'}
      />
      <StatCard
        title={t('stats.valorTotal')}
        hint={t('stats.valorTotalHint')}
        value={resumo && fmt.money(resumo.valorTotal)}
        icon={DollarSignIcon}
        tone="success"
      />
      <StatCard
        title={t('stats.margemMedia')}
        hint={t('stats.margemMediaHint')}
        value={resumo && fmt.percent(resumo.margemMedia)}
        icon={PercentIcon}
      />
    </section>
  );
}
