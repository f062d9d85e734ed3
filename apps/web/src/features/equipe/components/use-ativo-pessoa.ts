import type { Pessoa } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAlterarPessoa } from '../api/alterar-pessoa';

/**
 * Deactivates an active person (signed out at once; an invitation stops working) or reactivates an
 * inactive one, says so in a toast (or toasts the error) and answers whether it worked.
 */
export function useAtivoPessoa() {
  const { t } = useTranslation('equipe');
  const alterar = useAlterarPessoa();
  return async function mudarAtivo(pessoa: Pessoa): Promise<boolean> {
    const ativo = pessoa.situacao === 'inativa';
    try {
      await alterar.mutateAsync({ id: pessoa.id, input: { ativo } });
    } catch (error) {
      toastError(error, ativo ? 'equipe:reativar.error' : 'equipe:desativar.error');
      return false;
    }
    if (ativo) toast.success(t('reativar.success'), { description: t('reativar.successDescription', { nome: pessoa.nome }) });
    else toast.success(t('desativar.success'), { description: t('desativar.successDescription', { nome: pessoa.nome }) });
    return true;
  };
}
