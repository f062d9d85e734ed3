import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReciboView } from '@/features/financeiro/components/recibo-view';
import { DocumentoAvulso } from '../documento-avulso';

/** /recibos/:id — a payment's receipt on a page of its own, so it prints as a receipt. */
export function Component() {
  const { t } = useTranslation('financeiro');
  const { id = '' } = useParams();
  return (
    <DocumentoAvulso titulo={t('recibo.title')}>
      <ReciboView id={id} />
    </DocumentoAvulso>
  );
}
