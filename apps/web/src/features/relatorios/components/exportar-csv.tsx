import type { RelatorioAba } from '@caderneta/shared/relatorios';
import DownloadIcon from 'lucide-react/icons/download';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { baixarArquivo, gerarCsv } from '@/lib/csv';
import { useSession } from '@/lib/session';
import type { Relatorios } from '../api/get-relatorio';
import { linhasCsv, nomeArquivoCsv } from '../csv-abas';

/** "Exportar CSV": the tab's figures as a file a spreadsheet opens in the seller's language. */
export function ExportarCsv<A extends RelatorioAba>({ aba, dados }: { aba: A; dados: Relatorios[A] | undefined }) {
  const { t, i18n } = useTranslation('relatorios');
  const { perfil } = useSession();
  const [busy, setBusy] = useState(false);

  async function exportar() {
    if (!dados) return;
    setBusy(true);
    try {
      const locale = i18n.resolvedLanguage ?? 'pt-BR';
      const texto = await gerarCsv(linhasCsv(t, aba, dados, perfil.nomeLoja, locale), locale);
      baixarArquivo(nomeArquivoCsv(aba, dados.periodo), texto);
      toast.success(t('exportar.sucesso'));
    } catch (error) {
      toastError(error, 'relatorios:exportar.erro');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" className="min-h-11 w-full sm:w-auto" disabled={!dados || busy} onClick={() => void exportar()}>
      <DownloadIcon aria-hidden="true" />
      {busy ? t('exportar.exportando') : t('exportar.botao')}
    </Button>
  );
}
