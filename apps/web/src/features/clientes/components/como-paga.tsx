import { motivosComoPaga, type ComoPaga, type MotivoComoPaga } from '@caderneta/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { useComoPaga } from '../api/get-como-paga';

/**
 * "Como paga" (issue 40): how the customer paid over the last 12 months — purchases paid on time,
 * paid late, overdue today, the mean and the longest delay, broken promises, the largest fiado
 * purchase — and the suggested limit with its reasons in words. A suggestion only: the owner decides.
 */
export function ComoPagaResumo({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const query = useComoPaga(clienteId);
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('comoPaga.loading')}
      </p>
    );
  }
  if (!query.data) return <LoadError className="py-4" title={t('comoPaga.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;
  const dias = (n: number | null) => (n === null ? t('comoPaga.nenhum') : t('comoPaga.dias', { count: n }));
  const fatos: [string, string][] = [
    [t('comoPaga.emDia'), fmt.integer(r.emDia)],
    [t('comoPaga.comAtraso'), fmt.integer(r.comAtraso)],
    [t('comoPaga.emAtraso'), fmt.integer(r.emAtraso)],
    [t('comoPaga.mediaAtraso'), dias(r.mediaDiasAtraso)],
    [t('comoPaga.maiorAtraso'), dias(r.maiorAtraso || null)],
    [t('comoPaga.promessasQuebradas'), t('comoPaga.promessasValor', { quebradas: fmt.integer(r.promessasQuebradas), total: fmt.integer(r.promessas) })],
    [t('comoPaga.maiorCompra'), r.maiorCompra === null ? t('comoPaga.nenhum') : fmt.money(r.maiorCompra)],
  ];
  return (
    <div className="grid gap-3" data-testid="como-paga">
      <p className="text-xs text-muted-foreground">{t('comoPaga.periodo', { desde: fmt.date(r.desde) })}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        {fatos.map(([termo, valor]) => (
          <div key={termo} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
            <dt className="text-muted-foreground">{termo}:</dt>
            <dd className="tabular-nums">{valor}</dd>
          </div>
        ))}
      </dl>
      <Sugestao comoPaga={r} />
    </div>
  );
}

/**
 * The suggested limit under "Limite de Crédito" while a customer is edited, with "Usar sugestão"
 * to put it in the field (saved only when the owner saves). Nothing while it loads or fails: the
 * form works without it.
 */
export function SugestaoDeLimite({ clienteId, onUsar }: { clienteId: string; onUsar: (limite: number) => void }) {
  const { t } = useTranslation('clientes');
  const { data } = useComoPaga(clienteId);
  if (!data) return null;
  const { limite, tipo } = data.sugestao;
  return (
    <Sugestao comoPaga={data} testId="sugestao-limite">
      {limite !== null && (tipo === 'aumentar' || tipo === 'reduzir') && (
        <div>
          <Button type="button" variant="outline" className="min-h-11" onClick={() => onUsar(limite)}>
            {t('comoPaga.sugestao.usar')}
          </Button>
        </div>
      )}
    </Sugestao>
  );
}

/** The suggested limit, its reasons in words, and that the owner decides; `children` between them (a way to use it). */
function Sugestao({ comoPaga, testId, children }: { comoPaga: ComoPaga; testId?: string; children?: ReactNode }) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const motivos = useMotivos();
  const { tipo, limite } = comoPaga.sugestao;
  return (
    <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid={testId}>
      <p className="font-medium">{limite === null ? t('comoPaga.sugestao.sem_historico') : t(`comoPaga.sugestao.${tipo}`, { valor: fmt.money(limite) })}</p>
      <p className="text-muted-foreground">{motivos(comoPaga)}</p>
      {children}
      <p className="text-xs text-muted-foreground">{t('comoPaga.sugestao.aviso')}</p>
    </div>
  );
}

/** The suggestion's reasons as one sentence: "Paga em dia há 9 meses; 3 de 3 compras pagas em dia; maior compra fiado R$ 180,00." */
function useMotivos(): (r: ComoPaga) => string {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const motivo = (m: MotivoComoPaga): string => {
    switch (m.chave) {
      case 'poucoHistorico':
        return t('comoPaga.motivos.poucoHistorico', { count: m.total });
      case 'emDia':
        return t('comoPaga.motivos.emDia', { emDia: fmt.integer(m.emDia), total: fmt.integer(m.total) });
      case 'mesesEmDia':
        return t('comoPaga.motivos.mesesEmDia', { count: m.meses });
      case 'comAtraso':
        return t('comoPaga.motivos.comAtraso', { atrasados: fmt.integer(m.atrasados), total: fmt.integer(m.total) });
      case 'mediaAtraso':
        return t('comoPaga.motivos.mediaAtraso', { count: m.dias });
      case 'maiorAtraso':
        return t('comoPaga.motivos.maiorAtraso', { count: m.dias });
      case 'promessasQuebradas':
        return t('comoPaga.motivos.promessasQuebradas', { count: m.quantidade });
      case 'maiorCompra':
        return t('comoPaga.motivos.maiorCompra', { valor: fmt.money(m.valor) });
    }
  };
  return (r) => {
    const frase = motivosComoPaga(r).map(motivo).join('; ');
    return `${frase.charAt(0).toLocaleUpperCase(fmt.locale)}${frase.slice(1)}.`;
  };
}
