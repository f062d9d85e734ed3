import { formatPhone, MAX_AVATAR_CHARS, perfilInputSchema, type Configuracoes, type PerfilFormValues, type PerfilInput } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import ImagePlusIcon from 'lucide-react/icons/image-plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/layout/user-avatar';
import { BusyForm } from '@/components/form-card';
import { useReportDirty } from '@/components/unsaved-changes';
import { InputField, PhoneField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateConfiguracoes } from '../api/update-configuracoes';
import { toastRefused } from '@/lib/submit-form';
import { reduzirFoto } from '../foto';
import { salvarSecao, SaveButton, Secao } from './secao';

/** Perfil › Dados pessoais: name, e-mail (read-only), the seller's own phone and photo. */
export function PerfilSecao() {
  const { t } = useTranslation('configuracoes');
  return (
    <Secao title={t('perfil.title')} description={t('perfil.description')}>
      {(config) => <PerfilForm config={config} />}
    </Secao>
  );
}

const toForm = (perfil: Configuracoes['perfil']): PerfilFormValues => ({
  nome: perfil.nome,
  avatar: perfil.avatar,
  // Shown as it is read back: "(11) 98765-4321"; the form keeps text, blank for none.
  telefone: formatPhone(perfil.telefone),
});

function PerfilForm({ config }: { config: Configuracoes }) {
  const { t } = useTranslation('configuracoes');
  const salvar = useUpdateConfiguracoes('perfil');
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<PerfilFormValues, unknown, PerfilInput>({
    resolver: zodResolver(perfilInputSchema),
    defaultValues: toForm(config.perfil),
  });
  useReportDirty(form.formState.isDirty);
  const avatar = form.watch('avatar');
  const nome = form.watch('nome');

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      const dataUrl = await reduzirFoto(file);
      if (dataUrl.length > MAX_AVATAR_CHARS) throw new Error('too large');
      form.setValue('avatar', dataUrl, { shouldDirty: true });
    } catch (error) {
      console.error(error);
      toastRefused({ title: t('perfil.fotoInvalidaTitle'), description: t('perfil.fotoInvalida') });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const onSubmit = (input: PerfilInput) =>
    salvarSecao(form.setError, () => salvar.mutateAsync(input), {
      fields: ['nome', 'avatar', 'telefone'],
      success: t('toast.perfilSaved'),
      onSaved: (saved) => form.reset(toForm(saved.perfil)),
    });

  const busy = form.formState.isSubmitting;
  return (
    <BusyForm form={form} onSubmit={onSubmit} busy={busy}>
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={{ nome, email: config.perfil.email, avatar }} label={t('perfil.fotoAlt')} className="size-16 text-lg" />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">{t('perfil.foto')}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
              <ImagePlusIcon aria-hidden="true" />
              {t('perfil.trocarFoto')}
            </Button>
            {avatar && (
              <Button type="button" variant="ghost" onClick={() => form.setValue('avatar', null, { shouldDirty: true })} disabled={busy}>
                <Trash2Icon aria-hidden="true" />
                {t('perfil.removerFoto')}
              </Button>
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            aria-label={t('perfil.foto')}
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <p className="text-sm text-muted-foreground">{t('perfil.fotoHint')}</p>
          {form.formState.errors.avatar && <FormMessageFor message={form.formState.errors.avatar.message} />}
        </div>
      </div>
      <InputField control={form.control} name="nome" label={t('perfil.nome')} autoComplete="name" />
      <div className="grid gap-2">
        <Label htmlFor="perfil-email">{t('perfil.email')}</Label>
        <Input id="perfil-email" type="email" value={config.perfil.email} readOnly aria-describedby="perfil-email-hint" className="bg-muted" />
        <p id="perfil-email-hint" className="text-sm text-muted-foreground">
          {t('perfil.emailHint')}
        </p>
      </div>
      <PhoneField
        control={form.control}
        name="telefone"
        label={t('perfil.telefone')}
        autoComplete="tel"
        placeholder={t('perfil.telefonePlaceholder')}
        description={t('perfil.telefoneHint')}
      />
      <SaveButton busy={busy} />
    </BusyForm>
  );
}

function FormMessageFor({ message }: { message?: string }) {
  const { t } = useTranslation('validation');
  return (
    <p role="alert" className="text-sm text-destructive">
      {message === 'avatarGrande' ? t('avatarGrande') : t('avatarInvalido')}
    </p>
  );
}
