import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MensagensConfig } from '@/features/devedores/components/mensagens-config';
import { MercadopagoSettings } from '@/features/portal/components/mercadopago-settings';
import { PixSettings } from '@/features/portal/components/pix-settings';

/** Route module of /configuracoes: the settings tabs, each a component of its feature (the other tabs come with their features). */
export function Component() {
  const { t } = useTranslation(['layout', 'portal', 'devedores']);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('layout:pages.configuracoes.title')} description={t('layout:pages.configuracoes.description')} />
      <Tabs defaultValue="loja">
        <TabsList className="h-auto w-full flex-wrap sm:w-fit">
          <TabsTrigger value="loja" className="h-11 px-4">
            {t('portal:config.tabs.loja')}
          </TabsTrigger>
          <TabsTrigger value="mercadopago" className="h-11 px-4">
            {t('portal:config.tabs.mercadopago')}
          </TabsTrigger>
          <TabsTrigger value="mensagens" className="h-11 px-4">
            {t('devedores:mensagens.tab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="loja">
          <PixSettings />
        </TabsContent>
        <TabsContent value="mercadopago">
          <MercadopagoSettings />
        </TabsContent>
        <TabsContent value="mensagens">
          <MensagensConfig />
        </TabsContent>
      </Tabs>
    </div>
  );
}
