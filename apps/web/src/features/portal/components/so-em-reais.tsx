import { pagamentoEmReais } from '@caderneta/shared/pagamento-online';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * PIX and Mercado Pago charge in reais (ADR 028): in a shop whose currency is another, their
 * settings say that the customer page offers no online payment, and how to change it.
 */
export function SoEmReais() {
  const { t } = useTranslation('portal');
  const { currency } = useFormatters();
  if (pagamentoEmReais(currency)) return null;
  return (
    <p role="note" className="mb-4 rounded-md border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm">
      {t('config.soEmReais')}
    </p>
  );
}
