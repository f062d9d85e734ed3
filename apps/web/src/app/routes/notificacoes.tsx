import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

/** Route module of /notificacoes; its feature issue fills in the page body. */
export function Component() {
  const { t } = useTranslation('layout');
  return <PageHeader title={t('pages.notificacoes.title')} description={t('pages.notificacoes.description')} />;
}
