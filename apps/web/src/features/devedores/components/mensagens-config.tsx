import {
  addDays,
  faixaLembrete,
  MAX_MENSAGEM,
  mensagensInputSchema,
  parseInteger,
  placeholdersDesconhecidos,
  PLACEHOLDERS_MENSAGEM,
  SALDO_EXEMPLO,
  TIPOS_MENSAGEM,
  type CobrancaConfig,
  type TipoMensagem,
} from '@caderneta/shared';
import RotateCcwIcon from 'lucide-react/icons/rotate-ccw';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { translateDynamic } from '@/lib/i18n';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useCobranca } from '../api/get-cobranca';
import { useUpdateMensagens } from '../api/update-mensagens';
import { preencher } from '../mensagem';

type Textos = Record<TipoMensagem, string>;

/** Days overdue of the sample debtor each message is previewed with (before the due date: 0). */
const DIAS_EXEMPLO: Record<TipoMensagem, number> = { padrao: 0, gentil: 3, firme: 12, formal: 45 };

/**
 * Configurações → Mensagens: the default collection message and one per tier, with placeholders,
 * a live preview on a sample debtor, "Restaurar padrão", unknown placeholders flagged, a length
 * limit; and the friendly reminder before the due date. Stored on the server per seller.
 */
export function MensagensConfig() {
  const { t } = useTranslation('devedores');
  const query = useCobranca();
  if (query.isPending) return <ListLoading text={t('mensagens.loading')} />;
  if (!query.data) return <LoadError title={t('mensagens.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  return <Formulario config={query.data} />;
}

function Formulario({ config }: { config: CobrancaConfig }) {
  const { t } = useTranslation('devedores');
  const salvar = useUpdateMensagens();
  const [textos, setTextos] = useState<Textos>(config.mensagens);
  const [antecipado, setAntecipado] = useState(config.lembreteAntecipado);
  const [dias, setDias] = useState(String(config.diasAntecedencia));
  const [erros, setErros] = useState<Partial<Record<TipoMensagem | 'diasAntecedencia', string>>>({});
  const antecipadoId = useId();
  const diasId = useId();
  const fmt = useFormatters();
  useReportDirty(
    TIPOS_MENSAGEM.some((tipo) => textos[tipo] !== config.mensagens[tipo]) || antecipado !== config.lembreteAntecipado || dias !== String(config.diasAntecedencia),
  );

  // Saved elsewhere (another tab, another device): start from what the server has.
  useEffect(() => {
    setTextos(config.mensagens);
    setAntecipado(config.lembreteAntecipado);
    setDias(String(config.diasAntecedencia));
  }, [config]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { mensagens: textos, lembreteAntecipado: antecipado, diasAntecedencia: parseInteger(dias, fmt.locale) ?? -1 };
    const parsed = mensagensInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof erros = {};
      for (const issue of parsed.error.issues) {
        const campo = (issue.path[0] === 'mensagens' ? issue.path[1] : issue.path[0]) as keyof typeof erros;
        next[campo] ??= translateDynamic(`validation:${issue.message}`, issue.message);
      }
      setErros(next);
      toastRefused({ title: t('toast.salvarErro'), description: translateDynamic('errors:VALIDATION', '') });
      return;
    }
    setErros({});
    // Not a react-hook-form form: the server's issues go to `erros`.
    await submitForm(() => undefined, () => salvar.mutateAsync(input), {
      errorTitle: 'devedores:toast.salvarErro',
      errorDescription: (error) => (error instanceof ApiError && !['INTERNAL', 'NETWORK'].includes(error.code) ? errorMessage(error) : t('toast.salvarErroDescription')),
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length) {
          const next: typeof erros = {};
          for (const issue of error.issues) next[issue.path.replace(/^mensagens\./, '') as keyof typeof erros] = translateDynamic(`validation:${issue.message}`, issue.message);
          setErros(next);
        }
      },
      success: () => t('mensagens.salvo'),
    });
  }

  const busy = salvar.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <BusyFieldset busy={busy}>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('mensagens.title')}</h2>
            </CardTitle>
            <CardDescription>{t('mensagens.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <div>
              <h3 className="font-medium">{t('mensagens.campos')}</h3>
              <ul className="mt-1 grid gap-x-6 gap-y-0.5 sm:grid-cols-2">
                {PLACEHOLDERS_MENSAGEM.map((campo) => (
                  <li key={campo}>
                    <code className="rounded bg-muted px-1 font-mono">{`{${campo}}`}</code> — {t(`mensagens.camposLista.${campo}`)}
                  </li>
                ))}
              </ul>
              {config.pixExemplo === null && <p className="mt-2 text-muted-foreground">{t('mensagens.semPix')}</p>}
            </div>
            <p className="text-muted-foreground">{t('mensagens.cdc')}</p>
          </CardContent>
        </Card>

        {TIPOS_MENSAGEM.map((tipo) => (
          <MensagemCampo
            key={tipo}
            tipo={tipo}
            texto={textos[tipo]}
            erro={erros[tipo]}
            config={config}
            onChange={(texto) => setTextos((atual) => ({ ...atual, [tipo]: texto }))}
            onRestaurar={() => setTextos((atual) => ({ ...atual, [tipo]: config.padroes[tipo] }))}
          />
        ))}

        <Card>
          <CardContent className="grid gap-3">
            <label htmlFor={antecipadoId} className="grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3">
              <input id={antecipadoId} type="checkbox" className="row-span-2 mt-1 size-4 accent-primary" checked={antecipado} onChange={(event) => setAntecipado(event.target.checked)} />
              <span className="font-medium">{t('mensagens.antecipado')}</span>
              <span className="text-sm text-muted-foreground">{t('mensagens.antecipadoHint')}</span>
            </label>
            <div className="grid gap-1.5">
              <Label htmlFor={diasId}>{t('mensagens.diasAntecedencia')}</Label>
              <Input
                id={diasId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={2}
                className="max-w-24 tabular-nums"
                value={dias}
                disabled={!antecipado}
                aria-invalid={erros.diasAntecedencia ? true : undefined}
                onChange={(event) => setDias(event.target.value)}
              />
              <p className="text-sm text-muted-foreground">{t('mensagens.diasAntecedenciaHint')}</p>
              {erros.diasAntecedencia && <p className="text-sm text-destructive">{erros.diasAntecedencia}</p>}
            </div>
          </CardContent>
        </Card>

        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t('mensagens.salvando') : t('mensagens.salvar')}
          </Button>
        </div>
      </BusyFieldset>
    </form>
  );
}

interface MensagemCampoProps {
  tipo: TipoMensagem;
  texto: string;
  erro: string | undefined;
  config: CobrancaConfig;
  onChange: (texto: string) => void;
  onRestaurar: () => void;
}

function MensagemCampo({ tipo, texto, erro, config, onChange, onRestaurar }: MensagemCampoProps) {
  const { t } = useTranslation('devedores');
  const id = useId();
  const ajudaId = useId();
  const desconhecidos = placeholdersDesconhecidos(texto);
  const dias = DIAS_EXEMPLO[tipo];
  // A sample debtor in the tier this message is for, on the shop's today.
  const exemplo = {
    nome: t('mensagens.previaCliente'),
    login: 'maria12345',
    saldoPendente: SALDO_EXEMPLO,
    dataVencimento: addDays(config.hoje, dias > 0 ? -dias : 3),
    diasEmAtraso: dias,
    faixa: faixaLembrete(dias),
    // The shop's real code for the sample balance, so the preview shows what customers will get.
    pix: config.pixExemplo,
  };
  const previa = preencher(tipo, texto, exemplo, config, window.location.origin);
  const longo = texto.length > MAX_MENSAGEM;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>
            <label htmlFor={id}>{t(`mensagens.tipos.${tipo}`)}</label>
          </h3>
        </CardTitle>
        <CardDescription id={ajudaId}>{t(`mensagens.quando.${tipo}`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Textarea
          id={id}
          rows={5}
          value={texto}
          aria-describedby={ajudaId}
          aria-invalid={erro || desconhecidos.length || longo ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className={longo ? 'text-destructive' : 'text-muted-foreground'}>{t('mensagens.caracteres', { count: texto.length, max: MAX_MENSAGEM })}</span>
          <Button type="button" variant="ghost" size="sm" onClick={onRestaurar} disabled={texto === config.padroes[tipo]}>
            <RotateCcwIcon aria-hidden="true" />
            {t('mensagens.restaurar')}
          </Button>
        </div>
        {desconhecidos.length > 0 && (
          <p className="text-sm text-destructive" role="status">
            {t('mensagens.desconhecidos', { count: desconhecidos.length, campos: desconhecidos.join(', ') })}
          </p>
        )}
        {erro && <p className="text-sm text-destructive">{erro}</p>}
        <figure className="grid gap-1">
          <figcaption className="text-sm font-medium">{t('mensagens.previa')}</figcaption>
          <p className="rounded-md border bg-muted/50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid={`previa-${tipo}`}>
            {previa}
          </p>
        </figure>
      </CardContent>
    </Card>
  );
}
