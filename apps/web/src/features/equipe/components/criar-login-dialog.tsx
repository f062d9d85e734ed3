import { type LoginEquipeInput, loginEquipeInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { InputField } from '@/components/form-fields';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import { useCriarLoginPessoa } from '../api/criar-login';
import { AcessoFields, acessoDoPapel, comAcessoNormalizado } from './acesso-fields';
import { CampoNome, CamposDeSenha, DialogoDaEquipe, enviarDaEquipe } from './dialogo-da-equipe';

type Values = z.input<typeof loginEquipeInputSchema>;
const FIELDS = ['nome', 'usuario', 'senha', 'confirmarSenha', 'papel', 'permissoes', 'descontoMaximo'] as const;
const vazio = (): Values => ({ nome: '', usuario: '', senha: '', confirmarSenha: '', ...acessoDoPapel('caixa') });
const resolver = comAcessoNormalizado(zodResolver(loginEquipeInputSchema));

/**
 * "Criar login sem e-mail": for someone without an e-mail address, a login ("ana.padaria") and a
 * password the owner sets and hands over; they sign in with it where an e-mail would go.
 */
export function CriarLoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('equipe');
  const criar = useCriarLoginPessoa();
  const form = useFormAoAbrir<Values, LoginEquipeInput>(open, vazio, { resolver, defaultValues: vazio() });

  function onSubmit(input: LoginEquipeInput) {
    return enviarDaEquipe(form, 'criarLogin', () => criar.mutateAsync(input), {
      fields: FIELDS,
      errorFields: { USUARIO_EM_USO: ['usuario', 'usuarioEmUso'] },
      success: (pessoa) => ({ title: t('criarLogin.success'), description: t('criarLogin.successDescription', { nome: pessoa.nome, usuario: pessoa.usuario ?? input.usuario }) }),
      onSuccess: () => onOpenChange(false),
    });
  }

  return (
    <DialogoDaEquipe chave="criarLogin" largo open={open} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} title={t('criarLogin.title')} description={t('criarLogin.description')}>
      <CampoNome />
      <InputField
        control={form.control}
        name="usuario"
        label={t('form.usuario')}
        description={t('form.usuarioHint')}
        asterisk
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('form.placeholders.usuario')}
        formatOnBlur={(value) => value.trim().toLowerCase()}
      />
      <CamposDeSenha rotulos={{ senha: t('form.senha'), confirmar: t('form.confirmarSenha') }} />
      <AcessoFields />
    </DialogoDaEquipe>
  );
}
