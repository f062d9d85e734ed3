import CheckCircleIcon from 'lucide-react/icons/circle-check';
import XCircleIcon from 'lucide-react/icons/circle-x';
import { LANGUAGES, PARAMETROS_MODELO, TEXTOS_MODELO, whatsappConfigInputSchema, type Language, type ModeloWhatsapp, type WhatsappConfig, type WhatsappConfigDados, type WhatsappConfigInput } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form-card';
import { InputField, SubmitButton, SwitchField } from '@/components/form-fields';
import { LoadError } from '@/components/load-error';
import { useReportDirty } from '@/components/unsaved-changes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, sessionEnded } from '@/lib/api-client';
import { submitForm } from '@/lib/submit-form';
import { toast } from '@/lib/toast';
import { useWhatsappConfig } from '../api/get-whatsapp-config';
import { useTestWhatsapp } from '../api/test-whatsapp';
import { useUpdateWhatsappConfig } from '../api/update-whatsapp-config';

type Valores = WhatsappConfigInput;
const FIELDS = ['phoneNumberId', 'accessToken', 'appSecret', 'modelos.lancamento', 'modelos.convite', 'modelos.lembrete', 'ativo'] as const;

const valoresDe = (config: WhatsappConfig): Valores => ({ phoneNumberId: config.phoneNumberId ?? '', accessToken: '', appSecret: '', modelos: config.modelos, ativo: config.ativo });

/**
 * Configurações → Mensagens → "WhatsApp Business" (issue 38, docs/decisions/044): the shop's own
 * number on Meta's Cloud API — its id, token and app secret (stored encrypted, never shown back),
 * the approved template's name and the text to submit, the webhook's address and verify token to
 * paste in Meta's panel, "Testar conexão" and "Ativo".
 */
export function WhatsappSettings() {
  const { t } = useTranslation('devedores');
  const config = useWhatsappConfig();
  if (config.isPending) return <Skeleton aria-busy="true" className="h-96 w-full" />;
  if (config.isError) return <LoadError title={t('whatsapp.erroCarregar')} error={config.error} onRetry={() => void config.refetch()} />;
  return <WhatsappForm config={config.data} />;
}

type Teste = { estado: 'idle' } | { estado: 'success'; texto: string } | { estado: 'error'; texto: string };

function WhatsappForm({ config }: { config: WhatsappConfig }) {
  const { t } = useTranslation('devedores');
  const salvar = useUpdateWhatsappConfig();
  const testar = useTestWhatsapp();
  const [teste, setTeste] = useState<Teste>({ estado: 'idle' });
  const form = useForm<Valores, unknown, WhatsappConfigDados>({ resolver: zodResolver(whatsappConfigInputSchema), defaultValues: valoresDe(config) });
  useReportDirty(form.formState.isDirty);
  const busy = form.formState.isSubmitting || testar.isPending;

  const onSubmit = (input: WhatsappConfigDados) =>
    submitForm(form.setError, () => salvar.mutateAsync(input), {
      fields: FIELDS,
      errorTitle: 'devedores:whatsapp.erroSalvar',
      success: () => t('whatsapp.salvo'),
      onSuccess: (salvo) => form.reset(valoresDe(salvo)),
    });

  const runTest = () => {
    const { phoneNumberId, accessToken } = form.getValues();
    testar.mutate(
      { phoneNumberId: phoneNumberId?.trim() || undefined, accessToken: accessToken?.trim() || undefined },
      {
        onSuccess: (r) => {
          const texto = t('whatsapp.conectado', { numero: r.numero, nome: r.nome });
          setTeste({ estado: 'success', texto });
          toast.success(t('whatsapp.conexaoOk'), { description: texto });
        },
        onError: (error) => {
          setTeste({ estado: 'error', texto: errorMessage(error) });
          if (!sessionEnded(error)) toast.error(t('whatsapp.erroTestar'), { description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <FormCard title={t('whatsapp.titulo')} description={t('whatsapp.descricao')} form={form} onSubmit={onSubmit} busy={busy}>
      <InputField control={form.control} name="phoneNumberId" label={t('whatsapp.phoneNumberId')} description={t('whatsapp.phoneNumberIdHint')} inputMode="numeric" autoComplete="off" />
      <InputField
        control={form.control}
        name="accessToken"
        label={t('whatsapp.accessToken')}
        description={config.accessTokenDica ? t('whatsapp.accessTokenAtual', { dica: config.accessTokenDica }) : t('whatsapp.accessTokenHint')}
        type="password"
        autoComplete="off"
      />
      <InputField
        control={form.control}
        name="appSecret"
        label={t('whatsapp.appSecret')}
        description={config.appSecretDefinido ? t('whatsapp.appSecretAtual') : t('whatsapp.appSecretHint')}
        type="password"
        autoComplete="off"
      />
      <InputField control={form.control} name="modelos.lancamento" label={t('whatsapp.modeloLancamento')} description={t('whatsapp.modeloLancamentoHint')} autoComplete="off" />
      <TextoDoModelo modelo="lancamento" />
      <InputField control={form.control} name="modelos.convite" label={t('whatsapp.modeloConvite')} description={t('whatsapp.modeloConviteHint')} autoComplete="off" />
      <TextoDoModelo modelo="convite" />
      <InputField control={form.control} name="modelos.lembrete" label={t('whatsapp.modeloLembrete')} description={t('whatsapp.modeloLembreteHint')} autoComplete="off" />
      <TextoDoModelo modelo="lembrete" />
      <Copiavel rotulo={t('whatsapp.webhookUrl')} valor={config.webhookUrl} />
      <Copiavel rotulo={t('whatsapp.verifyToken')} valor={config.verifyToken} />
      <SwitchField control={form.control} name="ativo" label={t('whatsapp.ativo')} description={t('whatsapp.ativoHint')} />
      <StatusDoTeste teste={teste} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" size="lg" onClick={runTest} disabled={testar.isPending}>
          {testar.isPending ? t('whatsapp.testando') : t('whatsapp.testar')}
        </Button>
        <SubmitButton busy={form.formState.isSubmitting} label={t('whatsapp.salvar')} busyLabel={t('whatsapp.salvando')} />
      </div>
    </FormCard>
  );
}

function StatusDoTeste({ teste }: { teste: Teste }) {
  return (
    <div role="status" className="min-h-6 text-sm">
      {teste.estado === 'success' ? (
        <span className="inline-flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
          <CheckCircleIcon aria-hidden="true" className="size-4 shrink-0" />
          {teste.texto}
        </span>
      ) : teste.estado === 'error' ? (
        <span className="inline-flex items-center gap-2 text-destructive">
          <XCircleIcon aria-hidden="true" className="size-4 shrink-0" />
          {teste.texto}
        </span>
      ) : null}
    </div>
  );
}

const ROTULO_DO_MODELO = { lancamento: 'modeloLancamento', convite: 'modeloConvite', lembrete: 'modeloLembrete' } as const satisfies Record<ModeloWhatsapp, string>;

/** The template's body to submit in Meta's WhatsApp Manager, in the interface language, and what each {{n}} is. */
function TextoDoModelo({ modelo }: { modelo: ModeloWhatsapp }) {
  const { t, i18n } = useTranslation('devedores');
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'pt-BR';
  const rotulo = t(`whatsapp.${ROTULO_DO_MODELO[modelo]}`);
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      <Copiavel rotulo={t('whatsapp.textoModelo', { modelo: rotulo })} valor={TEXTOS_MODELO[modelo][language]} multilinha />
      <p className="text-muted-foreground">{t('whatsapp.textoModeloHint')}</p>
      <ul className="text-muted-foreground">
        {PARAMETROS_MODELO[modelo].map((p, i) => (
          <li key={p}>
            <span className="font-mono">{`{{${i + 1}}}`}</span> {t(`whatsapp.parametros.${p}` as 'whatsapp.parametros.nome')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A value to paste elsewhere: read-only, selected on focus, with "Copiar". */
function Copiavel({ rotulo, valor, multilinha = false }: { rotulo: string; valor: string; multilinha?: boolean }) {
  const { t } = useTranslation('devedores');
  const id = useId();
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(valor);
      toast.success(t('whatsapp.copiado', { rotulo }));
    } catch {
      toast.error(t('whatsapp.erroCopiar'));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{rotulo}</Label>
      {multilinha ? (
        <textarea id={id} readOnly value={valor} rows={5} className="w-full rounded-md border bg-muted/40 p-2 text-sm" onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <Input id={id} readOnly value={valor} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      )}
      <Button type="button" variant="outline" onClick={() => void copiar()} className="self-start" aria-label={t('whatsapp.copiarRotulo', { rotulo })}>
        {t('whatsapp.copiar')}
      </Button>
    </div>
  );
}
