import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MensagensConfig } from '@/features/devedores/components/mensagens-config';

/**
 * /configuracoes: the settings tabs. Each tab is a component of its feature; the others (Perfil,
 * Loja, Notificações, Sistema) join here as their features land.
 */
export function Component() {
  const { t } = useTranslation(['layout', 'devedores']);
  return (
    <>
      <PageHeader title={t('pages.configuracoes.title')} description={t('pages.configuracoes.description')} />
      <Tabs defaultValue="mensagens">
        <TabsList className="h-auto">
          <TabsTrigger value="mensagens" className="min-h-11 px-4">
            {t('devedores:mensagens.tab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mensagens" className="pt-2">
          <MensagensConfig />
        </TabsContent>
      </Tabs>
    </>
  );
}
