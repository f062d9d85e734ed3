import DownloadIcon from 'lucide-react/icons/download';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { useBackupsAutomaticos } from '../api/get-automaticos';
import { tamanhoLegivel } from '../tamanho';
import { SecaoTitulada } from '@/components/secao-titulada';

/** The automatic backups kept (the newest seven), each one a download. */
export function BackupsAutomaticos() {
  const { t, i18n } = useTranslation('backup');
  const fmt = useFormatters();
  const query = useBackupsAutomaticos();

  function corpo() {
    if (query.isPending) return <ListLoading text={t('automaticos.loading')} />;
    if (!query.data) return <LoadError title={t('automaticos.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    if (query.data.itens.length === 0) {
      return (
        <p className="text-sm text-muted-foreground">
          {t('automaticos.empty')} {query.data.ativo ? t('automaticos.emptyOn') : t('automaticos.emptyOff')}
        </p>
      );
    }
    return (
      <ul aria-label={t('automaticos.list')} className="divide-y">
        {query.data.itens.map((backup) => (
          <li key={backup.dia} className="flex items-center justify-between gap-3 py-2">
            <span className="flex flex-col">
              <span className="font-medium">{fmt.date(backup.dia)}</span>
              <span className="text-sm text-muted-foreground">{tamanhoLegivel(backup.tamanho, i18n.resolvedLanguage ?? 'pt-BR')}</span>
            </span>
            <Button asChild variant="outline" size="icon" aria-label={t('automaticos.download', { dia: fmt.date(backup.dia) })} title={t('automaticos.download', { dia: fmt.date(backup.dia) })}>
              <a href={`/api/backup/automaticos/${backup.dia}`} download>
                <DownloadIcon aria-hidden="true" />
              </a>
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SecaoTitulada titulo={t('automaticos.title')} nivel="h3" tituloClassName="font-semibold" className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t('automaticos.description')}</p>
      {corpo()}
    </SecaoTitulada>
  );
}
