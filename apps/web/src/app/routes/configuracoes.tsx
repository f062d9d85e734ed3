import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MercadopagoSettings } from '@/features/portal/components/mercadopago-settings';
import { PixSettings } from '@/features/portal/components/pix-settings';

/** Route module of /configuracoes: the settings tabs (the other tabs come with their features). */
export function Component() {
  const { t } = useTranslation(['layout', 'portal']);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('layout:pages.configuracoes.title')} description={t('layout:pages.configuracoes.description')} />
      <Tabs defaultValue="loja">
        <TabsList className="h-auto w-full sm:w-fit">
          <TabsTrigger value="loja" className="h-11 px-4">
            {t('portal:config.tabs.loja')}
          </TabsTrigger>
          <TabsTrigger value="mercadopago" className="h-11 px-4">
            {t('portal:config.tabs.mercadopago')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="loja">
          <PixSettings />
        </TabsContent>
        <TabsContent value="mercadopago">
          <MercadopagoSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
