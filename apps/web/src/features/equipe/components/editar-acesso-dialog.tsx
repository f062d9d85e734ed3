import { type Pessoa, type PessoaUpdateInput, pessoaUpdateInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { submitForm } from '@/lib/submit-form';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import { useLastPresent } from '@/lib/use-last-present';
import { useAlterarPessoa } from '../api/alterar-pessoa';
import { AcessoFields, type AcessoValues, comAcessoNormalizado } from './acesso-fields';
import { botoesDoDialogo } from './botoes-do-dialogo';

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
    return submitForm(form.setError, () => alterar.mutateAsync({ id: pessoa.id, input }), {
      fields: FIELDS,
      errorTitle: 'equipe:editar.error',
      success: (salva) => ({ title: t('editar.success'), description: t('editar.successDescription', { nome: salva.nome }) }),
      onSuccess: () => onOpenChange(false),
    });
  }

  return (
    <FormDialog
      open={!!pessoa}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      title={t('editar.title', { nome: shown?.nome ?? '' })}
      description={t('editar.description')}
      {...botoesDoDialogo(t, 'editar')}
      className="sm:max-w-xl"
    >
      <AcessoFields />
    </FormDialog>
  );
}
