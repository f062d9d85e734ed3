import type { Devedor, NivelAtraso } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// Each pair keeps AA contrast in both themes; CRÍTICO is the app's red.
const NIVEL_CLASSES: Record<NivelAtraso, string> = {
  critico: '',
  alto: 'bg-orange-700 text-white',
  medio: 'bg-amber-500 text-amber-950',
  baixo: 'bg-secondary text-secondary-foreground',
};

/** "CRÍTICO" (red), "ALTO", "MÉDIO", "BAIXO". */
export function NivelBadge({ nivel, className }: { nivel: NivelAtraso; className?: string }) {
  const { t } = useTranslation('devedores');
  return (
    <Badge variant={nivel === 'critico' ? 'destructive' : 'default'} className={cn(NIVEL_CLASSES[nivel], className)}>
      {t(`nivel.${nivel}`)}
    </Badge>
  );
}

/** "12 dias de atraso", or "No prazo" before the due date. */
export function AtrasoBadge({ devedor }: { devedor: Pick<Devedor, 'diasEmAtraso' | 'estaVencido'> }) {
  const { t } = useTranslation('devedores');
  if (!devedor.estaVencido) return <Badge variant="outline">{t('card.emDia')}</Badge>;
  return (
    <Badge variant="outline" className="border-destructive/40 text-destructive">
      {t('card.atraso', { count: devedor.diasEmAtraso })}
    </Badge>
  );
}
