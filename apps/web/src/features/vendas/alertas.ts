import type { AlertaVenda } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/**
 * What a sale made without internet found when it reached the server (ADR 034), in words: "Chegou
 * sem estoque de Café (faltaram 2 un)", "Chegou acima do limite de crédito". It was recorded all
 * the same (the goods had left); the words tell the owner what to look at.
 */
export function useTextoDoAlerta() {
  const { t } = useTranslation('offline');
  const fmt = useFormatters();
  return (alerta: AlertaVenda) =>
    alerta.tipo === 'estoque'
      ? t('alertas.estoque', { produto: alerta.produtoNome, quantidade: fmt.quantidade(alerta.faltou, alerta.unidade) })
      : t(`alertas.${alerta.tipo}`);
}
