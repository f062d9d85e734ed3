import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { ExigePermissao } from '@/components/sem-permissao';
import { NovaVendaForm } from '@/features/vendas/components/nova-venda-form';

/** /vendas/nova (spec §2 "New sale"): for who may sell, à vista or fiado. */
export function Component() {
  return (
    <ExigePermissao permissao={['vender_avista', 'vender_fiado']} pagina="novaVenda">
      <NovaVenda />
    </ExigePermissao>
  );
}

function NovaVenda() {
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
