import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Tabela, type Coluna } from './tabela';

/*
 * The only module that imports Recharts: it is part of the /relatorios chunk alone, so the login
 * and dashboard pages never download it (the bundle-boundaries test checks who imports it).
 */

export interface Serie<R> {
  nome: string;
  valor: (row: R) => number;
  formato: (value: number) => string;
  /** What the tooltip says of a row when the value alone does not ("0,350 kg"); `formato` when absent. */
  formatoDaLinha?: (row: R) => string;
  /** Shorter numbers for the axis ("R$ 2,8 mil"); `formato` when absent. */
  formatoEixo?: (value: number) => string;
  /** A CSS colour, e.g. "var(--primary)". */
  cor: string;
}

interface GraficoProps<R> {
  /** What the chart shows; also its accessible name and the fallback table's caption. */
  titulo: string;
  dados: R[];
  rotulo: (row: R) => string;
  chave: (row: R) => string;
  serie: Serie<R>;
  /** The columns of the table fallback (first one: the row's label). */
  colunas: Coluna<R>[];
  /** Bars across (long labels such as product names) instead of up. */
  deitado?: boolean;
  /** Short axis labels ("10/03") where the table says more ("10/03/2026"). */
  rotuloEixo?: (row: R) => string;
  altura?: number;
}

/**
 * A bar chart with its data as an accessible table beside it: the chart is an image with a name
 * for assistive technology, and "Ver dados em tabela" opens the same figures as a table.
 */
export function Grafico<R>({ titulo, dados, rotulo, chave, serie, colunas, deitado = false, rotuloEixo, altura = 224 }: GraficoProps<R>) {
  const { t } = useTranslation('relatorios');
  const pontos = dados.map((row) => ({
    key: chave(row),
    rotulo: rotulo(row),
    eixo: (rotuloEixo ?? rotulo)(row),
    valor: serie.valor(row),
    texto: serie.formatoDaLinha?.(row) ?? serie.formato(serie.valor(row)),
  }));
  const tick = { fontSize: 11, fill: 'var(--muted-foreground)' };
  return (
    <figure className="min-w-0">
      <div role="img" aria-label={t('grafico.descricao', { titulo })} className="w-full" style={{ height: deitado ? Math.max(120, pontos.length * 36) : altura }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: altura }}>
          {/* Room above the top value label (it is centred on its grid line) and to the right of the last one. */}
          <BarChart data={pontos} layout={deitado ? 'vertical' : 'horizontal'} margin={{ top: 12, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={deitado} horizontal={!deitado} />
            {deitado ? (
              <>
                <XAxis type="number" tick={tick} tickFormatter={serie.formatoEixo ?? serie.formato} axisLine={false} tickLine={false} tickCount={4} />
                <YAxis type="category" dataKey="eixo" tick={tick} width={96} axisLine={false} tickLine={false} />
              </>
            ) : (
              <>
                <XAxis dataKey="eixo" tick={tick} axisLine={false} tickLine={false} minTickGap={8} />
                <YAxis tick={tick} tickFormatter={serie.formatoEixo ?? serie.formato} width={72} axisLine={false} tickLine={false} />
              </>
            )}
            <Tooltip
              cursor={{ fill: 'var(--muted)' }}
              formatter={(value, _name, item) => [typeof item.payload?.texto === 'string' ? item.payload.texto : serie.formato(Number(value)), serie.nome]}
              labelFormatter={(_, payload) => String(payload?.[0]?.payload?.rotulo ?? '')}
              contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 }}
            />
            <Bar dataKey="valor" name={serie.nome} fill={serie.cor} radius={deitado ? [0, 4, 4, 0] : [4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-1">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('grafico.verTabela')}
        </summary>
        <Tabela caption={titulo} colunas={colunas} linhas={dados} chave={chave} />
      </details>
    </figure>
  );
}
