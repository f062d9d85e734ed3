import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

/** Route module of /produtos; its feature issue fills in the page body. */
export function Component() {
  const { t } = useTranslation('layout');
  return <PageHeader title={t('pages.produtos.title')} description={t('pages.produtos.description')} />;
}
