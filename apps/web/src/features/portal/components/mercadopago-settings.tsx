import CheckCircleIcon from 'lucide-react/icons/circle-check';
import XCircleIcon from 'lucide-react/icons/circle-x';
import { mercadopagoConfigInputSchema, mercadopagoTesteInputSchema, type MercadopagoConfig } from '@caderneta/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage, isApiError, sessionEnded } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { useMercadopagoConfig } from '../api/get-mercadopago-config';
import { useTestMercadopago } from '../api/test-mercadopago';
import { useUpdateMercadopagoConfig } from '../api/update-mercadopago-config';
import { CampoDeTexto, CartaoDePagamento, useSalvarConfiguracao } from './cartao-de-pagamento';

const CAMPOS_MP = ['accessToken', 'publicKey', 'webhookSecret'] as const;

/** The "Mercado Pago" settings tab. */
export function MercadopagoSettings() {
  const { t } = useTranslation('portal');
  const config = useMercadopagoConfig();
  if (config.isPending) return <Skeleton aria-busy="true" className="h-96 w-full" />;
  if (config.isError) return <LoadError title={t('config.toast.erroCarregar')} error={config.error} onRetry={() => void config.refetch()} />;
  return <MercadopagoForm config={config.data} />;
}

type Teste = { estado: 'idle' } | { estado: 'success'; conta: string } | { estado: 'error'; mensagem: string };

function MercadopagoForm({ config }: { config: MercadopagoConfig }) {
  const { t } = useTranslation('portal');
  const [accessToken, setAccessToken] = useState('');
  const [publicKey, setPublicKey] = useState(config.publicKey ?? '');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [ambiente, setAmbiente] = useState(config.ambiente);
  const [ativo, setAtivo] = useState(config.ativo);
  const [teste, setTeste] = useState<Teste>({ estado: 'idle' });
  const salvar = useUpdateMercadopagoConfig();
  const testar = useTestMercadopago();
  // A token or secret typed is never shown back; the rest is compared with what is saved (`config`, set from the answer).
  useReportDirty(accessToken !== '' || webhookSecret !== '' || publicKey !== (config.publicKey ?? '') || ambiente !== config.ambiente || ativo !== config.ativo);

  const { erros, setErros, enviar } = useSalvarConfiguracao(mercadopagoConfigInputSchema, (dados) => salvar.mutateAsync(dados), () => {
    setAccessToken('');
    setWebhookSecret('');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enviar({ accessToken: accessToken || undefined, publicKey, webhookSecret: webhookSecret || undefined, ambiente, ativo });
  };

  /** A token refused by the schema (here or by the server): said under the field and in the test's status line. */
  const tokenRecusado = (message: string) => {
    setErros((atuais) => ({ ...atuais, accessToken: message }));
    const mensagem = translateDynamic(`validation:${message}`, t('config.toast.erroTestar'));
    setTeste({ estado: 'error', mensagem });
    return mensagem;
  };

  const runTest = () => {
    const token = accessToken.trim();
    if (!token && !config.accessTokenDica) {
      setTeste({ estado: 'error', mensagem: t('config.toast.tokenNecessarioDescricao') });
      toast.error(t('config.toast.tokenNecessario'), { description: t('config.toast.tokenNecessarioDescricao') });
      return;
    }
    const parsed = mercadopagoTesteInputSchema.safeParse(token ? { accessToken: token } : {});
    if (!parsed.success) {
      tokenRecusado(parsed.error.issues[0]!.message);
      return;
    }
    setErros(({ accessToken: _antes, ...outros }) => outros);
    testar.mutate(token, {
      onSuccess: (result) => {
        setTeste({ estado: 'success', conta: result.conta });
        toast.success(t('config.toast.conexaoOk'), { description: t('config.mp.conectado', { conta: result.conta }) });
      },
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'accessToken') : undefined;
        const [title, description] = issue
          ? [t('config.toast.erroTestar'), tokenRecusado(issue.message)]
          : isApiError(error, 'MP_TOKEN_INVALIDO')
            ? [t('config.toast.erroIntegracao'), t('config.toast.erroIntegracaoDescricao')]
            : isApiError(error, 'MP_TOKEN_NECESSARIO')
              ? [t('config.toast.tokenNecessario'), t('config.toast.tokenNecessarioDescricao')]
              : [t('config.toast.erroTestar'), isApiError(error, 'MP_INDISPONIVEL') ? t('config.toast.erroTestarDescricao') : errorMessage(error)];
        if (!issue) setTeste({ estado: 'error', mensagem: description });
        if (!sessionEnded(error)) toast.error(title, { description });
      },
    });
  };

  const copiarUrl = async () => {
    try {
      await navigator.clipboard.writeText(config.webhookUrl);
      toast.success(t('config.mp.urlCopiada'));
    } catch {
      toast.error(t('toast.erroCopiar'));
    }
  };

  // The three credentials, typed as they come from Mercado Pago's panel; the secrets never come back, only a hint of them.
  const campos = { accessToken: [accessToken, setAccessToken], publicKey: [publicKey, setPublicKey], webhookSecret: [webhookSecret, setWebhookSecret] } as const;
  const dicas = {
    accessToken: config.accessTokenDica ? t('config.mp.accessTokenAtual', { dica: config.accessTokenDica }) : undefined,
    publicKey: undefined,
    webhookSecret: config.webhookSecretDefinido ? t('config.mp.webhookSecretAtual') : undefined,
  };
  return (
    <CartaoDePagamento titulo={t('config.mp.title')} descricao={t('config.mp.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <BusyFieldset busy={salvar.isPending || testar.isPending}>
          {CAMPOS_MP.map((campo) => (
            <CampoDeTexto
              key={campo}
              id={`mp-${campo}`}
              rotulo={t(`config.mp.${campo}`)}
              type={campo === 'publicKey' ? undefined : 'password'}
              autoComplete="off"
              valor={campos[campo][0]}
              mudar={campos[campo][1]}
              placeholder={campo === 'accessToken' ? t('config.mp.accessTokenPlaceholder') : undefined}
              dica={dicas[campo]}
              erro={erros[campo]}
            />
          ))}
          <div className="flex flex-col gap-2">
            <Label htmlFor="mp-ambiente">{t('config.mp.ambiente')}</Label>
            <NativeSelect id="mp-ambiente" value={ambiente} onChange={(e) => setAmbiente(e.target.value as typeof ambiente)}>
              <option value="sandbox">{t('config.mp.sandbox')}</option>
              <option value="producao">{t('config.mp.producao')}</option>
            </NativeSelect>
          </div>
          {/* The whole row is the tap target (44 px high), the box inside it. */}
          <Label htmlFor="mp-ativo" className="flex min-h-11 cursor-pointer items-center gap-3 leading-snug font-normal">
            <input
              type="checkbox"
              id="mp-ativo"
              className="size-6 shrink-0 cursor-pointer accent-primary"
              checked={ativo}
              onChange={(event) => setAtivo(event.target.checked)}
            />
            <span>
              {t('config.mp.ativo')} — {t('config.mp.ativoDescricao')}
            </span>
          </Label>
          <div className="flex flex-col gap-2">
            <Label htmlFor="mp-webhookUrl">{t('config.mp.webhookUrl')}</Label>
            <Input id="mp-webhookUrl" readOnly value={config.webhookUrl} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copiarUrl()} className="self-start">
              {t('config.mp.copiarUrl')}
            </Button>
          </div>
          <div role="status" className="min-h-6 text-sm">
            {teste.estado === 'success' ? (
              <span className="inline-flex items-center gap-2 text-emerald-700 dark:text-emerald-400">
                <CheckCircleIcon aria-hidden="true" className="size-4" />
                {t('config.mp.conectado', { conta: teste.conta })}
              </span>
            ) : teste.estado === 'error' ? (
              <span className="inline-flex items-center gap-2 text-destructive">
                <XCircleIcon aria-hidden="true" className="size-4" />
                {teste.mensagem}
              </span>
            ) : null}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="outline" size="lg" onClick={runTest} disabled={testar.isPending}>
              {testar.isPending ? t('config.mp.testando') : t('config.mp.testar')}
            </Button>
            <Button type="submit" size="lg" disabled={salvar.isPending}>
              {salvar.isPending ? t('config.mp.salvando') : t('config.mp.salvar')}
            </Button>
          </div>
        </BusyFieldset>
      </form>
    </CartaoDePagamento>
  );
}
