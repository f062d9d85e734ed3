import { NOTIFICATION_PREFERENCE_KINDS, type Configuracoes, type PreferenciasNotificacao } from '@caderneta/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useSalvarAba } from '../api/salvar';
import { salvarSecao, Secao } from './secao';

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
  const salvar = useSalvarAba('notificacoes');
  const [prefs, setPrefs] = useState<PreferenciasNotificacao>(inicial);
  const [salvas, setSalvas] = useState<PreferenciasNotificacao>(inicial);
  useReportDirty(NOTIFICATION_PREFERENCE_KINDS.some((kind) => prefs[kind] !== salvas[kind]));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    // Switches only: no field takes a server issue.
    return salvarSecao(() => undefined, () => salvar.mutateAsync(prefs), { success: t('toast.saved'), onSaved: (saved) => {
        setPrefs(saved.notificacoes);
        setSalvas(saved.notificacoes);
      },
    });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-2">
      <BusyFieldset busy={salvar.isPending}>
        <ul className="divide-y">
          {NOTIFICATION_PREFERENCE_KINDS.map((kind) => (
            <li key={kind} className="flex items-center justify-between gap-4 py-2">
              <div className="flex min-w-0 flex-col">
                <Label htmlFor={`notif-${kind}`}>{t(`notificacoes.${kind}`)}</Label>
                <p id={`notif-${kind}-hint`} className="text-sm text-muted-foreground">
                  {t(`notificacoes.${kind}Hint`)}
                </p>
              </div>
              <Switch
                id={`notif-${kind}`}
                aria-describedby={`notif-${kind}-hint`}
                checked={prefs[kind]}
                onCheckedChange={(checked) => setPrefs((current) => ({ ...current, [kind]: checked }))}
              />
            </li>
          ))}
        </ul>
        <div>
          <Button type="submit" disabled={salvar.isPending}>
            {salvar.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      </BusyFieldset>
    </form>
  );
}
