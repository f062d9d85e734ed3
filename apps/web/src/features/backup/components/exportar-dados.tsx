import DownloadIcon from 'lucide-react/icons/download';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toastError } from '@/lib/api-client';
import { exportBackup, salvarArquivo } from '../api/export-backup';
import { tamanhoLegivel } from '../tamanho';

/** "Exportar Dados": the download with its progress, then "Backup exportado". */
export function ExportarDados() {
  const { t, i18n } = useTranslation('backup');
  const [progresso, setProgresso] = useState<number | null | undefined>(undefined);
  const busy = progresso !== undefined;

  async function exportar() {
    setProgresso(null);
    try {
      const arquivo = await exportBackup(setProgresso);
      salvarArquivo(arquivo);
      toast.success(t('exportar.successTitle'), {
        description: t('exportar.successDescription', { arquivo: arquivo.nome, tamanho: tamanhoLegivel(arquivo.blob.size, i18n.resolvedLanguage ?? 'pt-BR') }),
      });
    } catch (error) {
      toastError(error, 'backup:exportar.errorTitle');
    } finally {
      setProgresso(undefined);
    }
  }

  const percent = typeof progresso === 'number' ? new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(progresso) : '';
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={() => void exportar()} disabled={busy} className="w-fit">
        <DownloadIcon aria-hidden="true" />
        {t('exportar.action')}
      </Button>
      {busy && (
        <div className="flex flex-col gap-1" role="status" aria-live="polite">
          <Progress value={typeof progresso === 'number' ? progresso * 100 : undefined} aria-label={t('exportar.progressLabel')} />
          <p className="text-sm text-muted-foreground">{typeof progresso === 'number' ? t('exportar.downloading', { percent }) : t('exportar.preparing')}</p>
        </div>
      )}
    </div>
  );
}
