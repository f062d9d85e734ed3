import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { toastError } from './api-client';

interface Ativavel {
  id: string;
  nome: string;
  ativo: boolean;
}

/**
 * Deactivates an active record or reactivates an inactive one, then says so in a toast (or
 * toasts the error) and answers whether it worked. A deactivation's toast offers "Desfazer", which
 * reactivates it. `ns` names the feature's locale namespace, whose `toast.*` keys it uses.
 */
export function useToggleAtivo<T extends Ativavel>(
  setAtivo: (change: { id: string; ativo: boolean }) => Promise<unknown>,
  ns: 'clientes' | 'produtos',
) {
  const { t } = useTranslation(ns);
  return async function toggleAtivo(record: T): Promise<boolean> {
    const ativo = !record.ativo;
    try {
      await setAtivo({ id: record.id, ativo });
    } catch (error) {
      toastError(error, `${ns}:toast.updateError`);
      return false;
    }
    toast.success(ativo ? t('toast.reactivated') : t('toast.deactivated'), {
      description: t(ativo ? 'toast.reactivatedDescription' : 'toast.deactivatedDescription', { nome: record.nome }),
      ...(ativo ? {} : { action: { label: t('toast.desfazer'), onClick: () => void toggleAtivo({ ...record, ativo: false }) } }),
    });
    return true;
  };
}
