import { NOTIFICATION_PREFERENCE_KINDS, type Configuracoes, type PreferenciasNotificacao } from '@caderneta/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyForm } from '@/components/form-card';
import { SwitchField } from '@/components/form-fields';
import { useReportDirty } from '@/components/unsaved-changes';
import { useUpdateConfiguracoes } from '../api/update-configuracoes';
import { salvarSecao, SaveButton, Secao } from './secao';

/** Notificações: the four switches (spec §9 defaults: vendas, pagamentos, estoque on; devedores off). */
export function NotificacoesSecao() {
  const { t } = useTranslation('configuracoes');
  return (
    <Secao title={t('notificacoes.title')} description={t('notificacoes.description')}>
      {(config) => <NotificacoesForm inicial={config.notificacoes} />}
    </Secao>
  );
}

function NotificacoesForm({ inicial }: { inicial: Configuracoes['notificacoes'] }) {
  const { t } = useTranslation('configuracoes');
  const salvar = useUpdateConfiguracoes('notificacoes');
  const form = useForm<PreferenciasNotificacao>({ defaultValues: inicial });
  useReportDirty(form.formState.isDirty);

  // Switches only: no field takes a server issue.
  const onSubmit = (prefs: PreferenciasNotificacao) =>
    salvarSecao(form.setError, () => salvar.mutateAsync(prefs), { success: t('toast.saved'), onSaved: (saved) => form.reset(saved.notificacoes) });

  const busy = form.formState.isSubmitting;
  return (
    <BusyForm form={form} onSubmit={onSubmit} busy={busy}>
      <ul className="divide-y">
        {NOTIFICATION_PREFERENCE_KINDS.map((kind) => (
          <li key={kind}>
            <SwitchField
              control={form.control}
              name={kind}
              label={t(`notificacoes.${kind}`)}
              description={t(`notificacoes.${kind}Hint`)}
              className="flex items-center justify-between gap-4 py-2"
              textClassName="flex min-w-0 flex-col"
            />
          </li>
        ))}
      </ul>
      <SaveButton busy={busy} />
    </BusyForm>
  );
}
