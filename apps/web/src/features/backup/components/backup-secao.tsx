import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BackupsAutomaticos } from './backups-automaticos';
import { ExportarDados } from './exportar-dados';
import { ImportarDados } from './importar-dados';

/** Sistema › Backup dos dados: "Exportar Dados", "Importar Dados" and the automatic backups. */
export function BackupSecao() {
  const { t } = useTranslation('backup');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <ExportarDados />
          <ImportarDados />
        </div>
        <BackupsAutomaticos />
      </CardContent>
    </Card>
  );
}
