import { type Pessoa, type SenhaPessoaInput, senhaPessoaInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import { useLastPresent } from '@/lib/use-last-present';
import { useRedefinirSenhaPessoa } from '../api/redefinir-senha';
import { CamposDeSenha, DialogoDaEquipe, enviarDaEquipe } from './dialogo-da-equipe';

const FIELDS = ['senha', 'confirmarSenha'] as const;
const resolver = zodResolver(senhaPessoaInputSchema);
const vazio = (): SenhaPessoaInput => ({ senha: '', confirmarSenha: '' });

/**
 * "Redefinir senha" of a login without e-mail (who cannot get a reset e-mail): the owner sets it
 * and hands it over; the person is signed out of every device.
 */
export function RedefinirSenhaDialog({ pessoa, onOpenChange }: { pessoa: Pessoa | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('equipe');
  const redefinir = useRedefinirSenhaPessoa();
  const shown = useLastPresent(pessoa);
  const nome = shown?.nome ?? '';
  const form = useFormAoAbrir<SenhaPessoaInput>(pessoa, vazio, { resolver, defaultValues: vazio() });

  function onSubmit(input: SenhaPessoaInput) {
    if (!pessoa) return;
    return enviarDaEquipe(form, 'senha', () => redefinir.mutateAsync({ id: pessoa.id, input }), {
      fields: FIELDS,
      success: () => ({ title: t('senha.success'), description: t('senha.successDescription', { nome: pessoa.nome, usuario: pessoa.usuario ?? '' }) }),
      onSuccess: () => onOpenChange(false),
    });
  }

  return (
    <DialogoDaEquipe chave="senha" open={!!pessoa} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} title={t('senha.title', { nome })} description={t('senha.description', { nome, usuario: shown?.usuario ?? '' })}>
      <CamposDeSenha rotulos={{ senha: t('senha.nova'), confirmar: t('senha.confirmar') }} />
    </DialogoDaEquipe>
  );
}
