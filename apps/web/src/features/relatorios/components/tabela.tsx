import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface Coluna<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Numbers line up on the right. */
  numero?: boolean;
}

/**
 * A plain, narrow table: the data behind a chart or a ranking. Cells wrap (long product and
 * customer names break) so it fits a 390 px phone without sideways scrolling.
 */
export function Tabela<R>({ caption, colunas, linhas, rodape, chave }: { caption: string; colunas: Coluna<R>[]; linhas: R[]; rodape?: R; chave: (row: R) => string }) {
  const celula = (c: Coluna<R>, row: R, i: number) =>
    i === 0 ? (
      <th key={i} scope="row" className="py-1.5 pr-2 text-left align-top font-normal [overflow-wrap:anywhere]">
        {c.cell(row)}
      </th>
    ) : (
      <td key={i} className={cn('py-1.5 pl-3 align-top tabular-nums', c.numero && 'text-right whitespace-nowrap')}>
        {c.cell(row)}
      </td>
    );
  return (
    <table className="w-full text-xs sm:text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-muted-foreground">
          {colunas.map((c, i) => (
            <th key={c.header} scope="col" className={cn('py-1.5 font-medium', i === 0 ? 'pr-2 text-left' : 'pl-3', c.numero && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((row) => (
          <tr key={chave(row)} className="border-b last:border-0">
            {colunas.map((c, i) => celula(c, row, i))}
          </tr>
        ))}
      </tbody>
      {rodape && (
        <tfoot>
          <tr className="border-t font-medium">{colunas.map((c, i) => celula(c, rodape, i))}</tr>
        </tfoot>
      )}
    </table>
  );
}
