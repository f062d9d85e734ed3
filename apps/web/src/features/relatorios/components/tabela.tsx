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
 * customer names break). With two or more figures per row, a phone (under 640 px) shows each row
 * as a block instead: the name on its own line, then each figure after its column's name, wrapping
 * as the width needs — three columns of millions of reais do not fit 360 px side by side. It stays
 * a table for assistive technology (the column headers are still there, only visually hidden).
 */
export function Tabela<R>({ caption, colunas, linhas, rodape, chave }: { caption: string; colunas: Coluna<R>[]; linhas: R[]; rodape?: R; chave: (row: R) => string }) {
  const empilhada = colunas.filter((c) => c.numero).length >= 2;
  const bloco = empilhada && 'max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:gap-y-0.5 max-sm:py-2';
  const celula = (c: Coluna<R>, row: R, i: number) =>
    i === 0 ? (
      <th key={i} scope="row" className={cn('py-1.5 pr-2 text-left align-top font-normal [overflow-wrap:anywhere]', empilhada && 'max-sm:w-full max-sm:p-0 max-sm:font-medium')}>
        {c.cell(row)}
      </th>
    ) : (
      <td key={i} className={cn('py-1.5 pl-3 align-top tabular-nums', c.numero && 'text-right whitespace-nowrap', empilhada && 'max-sm:p-0 max-sm:text-left')}>
        {empilhada && (
          <span aria-hidden="true" className="mr-1 text-muted-foreground sm:hidden">
            {c.header}
          </span>
        )}
        {c.cell(row)}
      </td>
    );
  return (
    <table className={cn('w-full text-xs sm:text-sm', empilhada && 'max-sm:block')}>
      <caption className="sr-only">{caption}</caption>
      <thead className={cn(empilhada && 'max-sm:sr-only')}>
        <tr className="border-b text-muted-foreground">
          {colunas.map((c, i) => (
            <th key={c.header} scope="col" className={cn('py-1.5 font-medium', i === 0 ? 'pr-2 text-left' : 'pl-3', c.numero && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn(empilhada && 'max-sm:block')}>
        {linhas.map((row) => (
          <tr key={chave(row)} className={cn('border-b last:border-0', bloco)}>
            {colunas.map((c, i) => celula(c, row, i))}
          </tr>
        ))}
      </tbody>
      {rodape && (
        <tfoot className={cn(empilhada && 'max-sm:block')}>
          <tr className={cn('border-t font-medium', bloco)}>{colunas.map((c, i) => celula(c, rodape, i))}</tr>
        </tfoot>
      )}
    </table>
  );
}
