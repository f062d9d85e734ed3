import { useTranslation } from 'react-i18next';

/** How a loose line ("avulso") is named on a sale: "Avulso — pão e leite", or just "Avulso" with no description. */
export function useNomeAvulso() {
  const { t } = useTranslation('vendas');
  return (descricao: string | null | undefined) => (descricao ? t('avulso.comDescricao', { descricao }) : t('avulso.rotulo'));
}
