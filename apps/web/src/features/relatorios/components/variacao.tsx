import { variacao } from '@caderneta/shared/relatorios';
import ArrowDownRightIcon from 'lucide-react/icons/arrow-down-right';
import ArrowUpRightIcon from 'lucide-react/icons/arrow-up-right';
import EqualIcon from 'lucide-react/icons/equal';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

interface VariacaoProps {
  atual: number | null;
  anterior: number | null;
  /** The previous figure as text, e.g. "R$ 30,00". */
  anteriorTexto: string;
  /** For figures that are percentages already (margin, default rate): the change in points. */
  emPontos?: boolean;
  /** A rise is bad news (the default rate): shown in red. */
  subirPiora?: boolean;
  /** Neither direction is good or bad news (cost follows sales): no colour. */
  neutro?: boolean;
}

/** "▲ +12,5%" under a figure: its change against the previous period of the same length. */
export function Variacao({ atual, anterior, anteriorTexto, emPontos = false, subirPiora = false, neutro = false }: VariacaoProps) {
  const { t, i18n } = useTranslation('relatorios');
  const v = variacao(atual, anterior, emPontos);
  const anteriorLabel = t('variacao.anterior', { valor: anteriorTexto });
  if (!v) return <p className="text-xs text-muted-foreground">{anteriorLabel}</p>;
  if (v.tipo === 'igual' || v.tipo === 'novo') {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        {v.tipo === 'igual' && <EqualIcon className="size-3.5" aria-hidden="true" />}
        <span>{v.tipo === 'igual' ? t('variacao.igual') : `${t('variacao.novo')} · ${t('variacao.semAnterior')}`}</span>
      </p>
    );
  }
  const subiu = v.valor > 0;
  const bom = subirPiora ? !subiu : subiu;
  const numero = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'always' });
  const texto = v.tipo === 'pontos' ? t('variacao.pontos', { valor: numero.format(v.valor) }) : `${numero.format(v.valor)}%`;
  const sem = texto.replace(/^[+−-]/, '');
  const Icon = subiu ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs">
      <span className={cn('inline-flex items-center gap-1 font-medium', neutro ? 'text-foreground' : bom ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>
        <Icon className="size-3.5" aria-hidden="true" />
        <span aria-hidden="true">{texto}</span>
        <span className="sr-only">{subiu ? t('variacao.subiu', { valor: sem }) : t('variacao.caiu', { valor: sem })}</span>
      </span>
      <span className="text-muted-foreground">{anteriorLabel}</span>
    </p>
  );
}
