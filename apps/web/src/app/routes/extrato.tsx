import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExtratoView } from '@/features/financeiro/components/extrato-view';
import { DocumentoAvulso } from '../documento-avulso';

/** /extratos/:id — a customer's statement on a page of its own, as /recibos/:id is a receipt's. */
export function Component() {
  const { t } = useTranslation('financeiro');
  const { id = '' } = useParams();
  return (
    <DocumentoAvulso titulo={t('extratoDocumento.documento')}>
      <ExtratoView clienteId={id} />
    </DocumentoAvulso>
  );
}
