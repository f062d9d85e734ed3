import { MAX_LINHAS_EXPORTACAO_AUDITORIA, MAX_PAGE_SIZE, type AuditoriaItem } from '@caderneta/shared';
import type { TFunction } from 'i18next';
import type { LinhaCsv } from '@/lib/csv';
import { getAuditoria, type FiltrosHistorico } from './api/get-auditoria';
import type { TextoHistorico } from './texto';

/**
 * Every row the filters match, newest first, read a page of 100 at a time until the last page or
 * MAX_LINHAS_EXPORTACAO_AUDITORIA rows. `completo` is false when rows were left out past that.
 */
export async function lerHistoricoInteiro(
  filtros: FiltrosHistorico,
  onProgresso: (lidas: number) => void,
): Promise<{ items: AuditoriaItem[]; completo: boolean }> {
  const items: AuditoriaItem[] = [];
  let cursor: string | undefined;
  do {
    const pagina = await getAuditoria({ ...filtros, pageSize: MAX_PAGE_SIZE, cursor });
    items.push(...pagina.items);
    onProgresso(items.length);
    cursor = pagina.nextCursor ?? undefined;
  } while (cursor && items.length < MAX_LINHAS_EXPORTACAO_AUDITORIA);
  return { items: items.slice(0, MAX_LINHAS_EXPORTACAO_AUDITORIA), completo: !cursor };
}

/**
 * The file's lines: Data, Pessoa, Ação, Registro, Campo, Antes, Depois, Motivo, Endereço IP; one
 * line per change, and one for a row that changed no field (a reminder sent, a link regenerated).
 */
export function linhasDoHistorico(items: readonly AuditoriaItem[], texto: TextoHistorico, t: TFunction<'historico'>): LinhaCsv[] {
  const linhas: LinhaCsv[] = [
    [t('csv.data'), t('csv.pessoa'), t('csv.acao'), t('csv.registro'), t('csv.campo'), t('csv.antes'), t('csv.depois'), t('csv.motivo'), t('csv.ip')],
  ];
  for (const item of items) {
    const inicio = [texto.dataHora(item.em), texto.autor(item.autor), texto.acao(item.acao), texto.registro(item)];
    const fim = [item.motivo, item.ip];
    if (item.mudancas.length === 0) linhas.push([...inicio, null, null, null, ...fim]);
    for (const m of item.mudancas) linhas.push([...inicio, ...texto.celulasDaMudanca(m, item), ...fim]);
  }
  return linhas;
}
