import { type ConviteInput, conviteInputSchema, DIAS_CONVITE } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { InputField } from '@/components/form-fields';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import type { ConviteCriado } from '../api/convite-criado';
import { useConvidarPessoa } from '../api/convidar-pessoa';
import { AcessoFields, acessoDoPapel, comAcessoNormalizado } from './acesso-fields';
import { CampoNome, DialogoDaEquipe, enviarDaEquipe } from './dialogo-da-equipe';

type Values = z.input<typeof conviteInputSchema>;
const FIELDS = ['nome', 'email', 'papel', 'permissoes', 'descontoMaximo'] as const;
const vazio = (): Values => ({ nome: '', email: '', ...acessoDoPapel('caixa') });
const resolver = comAcessoNormalizado(zodResolver(conviteInputSchema));

/** "Convidar por e-mail": name, e-mail and access; the person gets a link to set their password. */
export function ConvidarDialog({ open, onOpenChange, onConvidada }: { open: boolean; onOpenChange: (open: boolean) => void; onConvidada: (convite: ConviteCriado) => void }) {
  const { t } = useTranslation('equipe');
  const convidar = useConvidarPessoa();
  const form = useFormAoAbrir<Values, ConviteInput>(open, vazio, { resolver, defaultValues: vazio() });

  function onSubmit(input: ConviteInput) {
    return enviarDaEquipe(form, 'convidar', () => convidar.mutateAsync(input), {
      fields: FIELDS,
      // The address already has an account, or was invited already: said on the field too.
      errorFields: { EMAIL_IN_USE: ['email', 'emailComConta'] },
      // The invitation exists either way; without its e-mail, the link dialog that opens next is the way in.
      success: ({ pessoa, emailEnviado }) =>
        emailEnviado
          ? { title: t('convidar.success', { nome: pessoa.nome }), description: t('convidar.successDescription', { email: pessoa.email ?? '' }) }
          : { title: t('convidar.criado', { nome: pessoa.nome }), description: t('convidar.semEmailDescription') },
      onSuccess: (convite) => {
        onOpenChange(false);
        onConvidada(convite);
      },
    });
  }

  return (
    <DialogoDaEquipe chave="convidar" largo open={open} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} title={t('convidar.title')} description={t('convidar.description', { count: DIAS_CONVITE })}>
      <CampoNome />
      <InputField
        control={form.control}
        name="email"
        label={t('form.email')}
        asterisk
        required
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={t('form.placeholders.email')}
      />
      <AcessoFields />
    </DialogoDaEquipe>
  );
}
