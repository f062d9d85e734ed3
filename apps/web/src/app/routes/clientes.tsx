import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

/** Route module of /clientes; its feature issue fills in the page body. */
export function Component() {
  const { t } = useTranslation('layout');
  return <PageHeader title={t('pages.clientes.title')} description={t('pages.clientes.description')} />;
}
