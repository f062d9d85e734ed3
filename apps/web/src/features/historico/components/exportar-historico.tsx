import { MAX_LINHAS_EXPORTACAO_AUDITORIA, today } from '@caderneta/shared';
import DownloadIcon from 'lucide-react/icons/download';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { baixarArquivo, gerarCsv } from '@/lib/csv';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { FiltrosHistorico } from '../api/get-auditoria';
import { lerHistoricoInteiro, linhasDoHistorico } from '../csv';
import { useTextoHistorico } from '../texto';

/**
 * "Exportar CSV": every row the filters match (not only the pages on screen), one line per change,
 * in a file a spreadsheet opens in the seller's language. The button counts the rows read so far.
 */
export function ExportarHistorico({ filtros }: { filtros: FiltrosHistorico }) {
  const { t } = useTranslation('historico');
  const fmt = useFormatters();
  const texto = useTextoHistorico();
  const { perfil } = useSession();
  /** Rows read so far while exporting; null when idle. */
  const [lidas, setLidas] = useState<number | null>(null);

  async function exportar() {
    setLidas(0);
    try {
      const { items, completo } = await lerHistoricoInteiro(filtros, setLidas);
      const csv = await gerarCsv(linhasDoHistorico(items, texto, t), fmt.locale);
      baixarArquivo(`historico-${today(perfil.fusoHorario)}.csv`, csv);
      if (completo) toast.success(t('exportar.sucesso'));
      else toast.warning(t('exportar.sucesso'), { description: t('exportar.limite', { total: fmt.integer(MAX_LINHAS_EXPORTACAO_AUDITORIA) }) });
    } catch (error) {
      toastError(error, 'historico:exportar.erro');
    } finally {
      setLidas(null);
    }
  }

  return (
    <Button variant="outline" className="w-full sm:w-auto" disabled={lidas !== null} onClick={() => void exportar()}>
      <DownloadIcon aria-hidden="true" />
      {lidas === null ? t('exportar.botao') : t('exportar.exportando', { count: lidas, lidas: fmt.integer(lidas) })}
    </Button>
  );
}
