import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { NovaVendaForm } from '@/features/vendas/components/nova-venda-form';

/** /vendas/nova (spec §2 "New sale"). */
export function Component() {
  const { t } = useTranslation('vendas');
  return (
    <>
      <PageHeader title={t('nova.title')} description={t('nova.description')} />
      <NovaVendaForm />
    </>
  );
}
