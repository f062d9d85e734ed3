import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

/** Route module of /relatorios; its feature issue fills in the page body. */
export function Component() {
  const { t } = useTranslation('layout');
  return <PageHeader title={t('pages.relatorios.title')} description={t('pages.relatorios.description')} />;
}
