import { type Pessoa, type PessoaUpdateInput, pessoaUpdateInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import { useLastPresent } from '@/lib/use-last-present';
import { useAlterarPessoa } from '../api/alterar-pessoa';
import { AcessoFields, type AcessoValues, comAcessoNormalizado } from './acesso-fields';
import { DialogoDaEquipe, enviarDaEquipe } from './dialogo-da-equipe';

type Values = z.input<typeof pessoaUpdateInputSchema>;
const FIELDS = ['papel', 'permissoes', 'descontoMaximo'] as const;
const resolver = comAcessoNormalizado(zodResolver(pessoaUpdateInputSchema));
const doPessoa = (pessoa: Pessoa | null): AcessoValues =>
  pessoa ? { papel: pessoa.papel, permissoes: [...pessoa.permissoes], descontoMaximo: pessoa.descontoMaximo } : { papel: 'caixa', permissoes: [], descontoMaximo: 0 };

/** "Editar acesso": a person's role, permissions and discount cap. */
export function EditarAcessoDialog({ pessoa, onOpenChange }: { pessoa: Pessoa | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('equipe');
  const alterar = useAlterarPessoa();
  const shown = useLastPresent(pessoa);
  const form = useFormAoAbrir<Values, PessoaUpdateInput>(pessoa, () => doPessoa(pessoa), { resolver, defaultValues: doPessoa(pessoa) });

  function onSubmit(input: PessoaUpdateInput) {
    if (!pessoa) return;
    return enviarDaEquipe(form, 'editar', () => alterar.mutateAsync({ id: pessoa.id, input }), {
      fields: FIELDS,
      success: (salva) => ({ title: t('editar.success'), description: t('editar.successDescription', { nome: salva.nome }) }),
      onSuccess: () => onOpenChange(false),
    });
  }

  return (
    <DialogoDaEquipe chave="editar" largo open={!!pessoa} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} title={t('editar.title', { nome: shown?.nome ?? '' })} description={t('editar.description')}>
      <AcessoFields />
    </DialogoDaEquipe>
  );
}
