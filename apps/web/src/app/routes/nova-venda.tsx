import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { NovaVendaForm } from '@/features/vendas/components/nova-venda-form';

/** /vendas/nova (spec §2 "New sale"). */
export function Component() {
  const { t } = useTranslation('vendas');
  // "Nova venda" after a sale kept on the device: a fresh form (a new cart, a new key) on the same page.
  const [venda, setVenda] = useState(0);
  return (
    <>
      <PageHeader title={t('nova.title')} description={t('nova.description')} />
      <NovaVendaForm key={venda} onNovaVenda={() => setVenda((n) => n + 1)} />
    </>
  );
}
