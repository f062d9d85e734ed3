import { formatPhone, type CobrancaConfig, type Devedor } from '@caderneta/shared';
import CheckIcon from 'lucide-react/icons/check';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import RotateCcwIcon from 'lucide-react/icons/rotate-ccw';
import SkipForwardIcon from 'lucide-react/icons/skip-forward';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useDevedores } from '../api/get-devedores';
import { useCreateLembrete } from '../api/create-lembrete';
import { mensagemDoDevedor, whatsappDoDevedor } from '../mensagem';
import { AtrasoBadge, NivelBadge } from './badges';

type Aba = 'vencidos' | 'a_vencer';
const PAGE_SIZE = 50;

interface LembretesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: CobrancaConfig | undefined;
}

/**
 * "Lembrete Vencidos": the overdue debtors, most overdue first, one at a time — open WhatsApp with
 * the message of their tier (one click each: browsers block many tabs at once), then "Enviado"
 * (stored on the server) or "Pular". "A vencer" does the same for debts due in the next days.
 */
export function LembretesDialog({ open, onOpenChange, config }: LembretesDialogProps) {
  const { t } = useTranslation('devedores');
  const [aba, setAba] = useState<Aba>('vencidos');
  const [posicao, setPosicao] = useState(0);
  const [enviados, setEnviados] = useState(0);
  const antecipado = config?.lembreteAntecipado ?? false;
  const page = Math.floor(posicao / PAGE_SIZE) + 1;
  const query = useDevedores(
    { situacao: aba, ordem: 'mais_antigo', page, pageSize: PAGE_SIZE },
    { enabled: open && (aba === 'vencidos' || antecipado) },
  );
  const registrar = useCreateLembrete();

  useEffect(() => {
    if (open) {
      setPosicao(0);
      setEnviados(0);
    }
  }, [open, aba]);

  const data = query.data;
  const total = data?.total ?? 0;
  const atual: Devedor | undefined = data && !query.isPlaceholderData ? data.items[posicao - (page - 1) * PAGE_SIZE] : undefined;
  const fim = !!data && total > 0 && posicao >= total;

  async function enviado(devedor: Devedor) {
    try {
      await registrar.mutateAsync(devedor.id);
      setEnviados((n) => n + 1);
      setPosicao((p) => p + 1);
    } catch (error) {
      toastError(error, 'devedores:toast.lembreteErro');
    }
  }

  function corpo() {
    if (aba === 'a_vencer' && !antecipado) return <p className="py-6 text-center text-sm text-muted-foreground">{t('lembretes.aVencerDesligado')}</p>;
    if (query.isPending || !config) {
      return (
        <p role="status" className="py-8 text-center text-muted-foreground">
          {t('lembretes.loading')}
        </p>
      );
    }
    if (!data) return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    if (total === 0) {
      return <p className="py-8 text-center font-medium">{aba === 'vencidos' ? t('lembretes.vazio') : t('lembretes.vazioAVencer')}</p>;
    }
    if (fim) {
      return (
        <div className="grid justify-items-center gap-3 py-6 text-center" aria-live="polite">
          <p className="font-medium">{t('lembretes.fim')}</p>
          <p className="text-sm text-muted-foreground">{t('lembretes.fimResumo', { count: enviados })}</p>
          <Button variant="outline" onClick={() => setPosicao(0)}>
            <RotateCcwIcon aria-hidden="true" />
            {t('lembretes.recomecar')}
          </Button>
        </div>
      );
    }
    if (!atual) {
      return (
        <p role="status" className="py-8 text-center text-muted-foreground">
          {t('lembretes.loading')}
        </p>
      );
    }
    return <Passo key={atual.id} devedor={atual} config={config} posicao={posicao} total={total} busy={registrar.isPending} onEnviado={() => void enviado(atual)} onPular={() => setPosicao((p) => p + 1)} />;
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !registrar.isPending && onOpenChange(next)}>
      <DialogContent busy={registrar.isPending} className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('lembretes.title')}</DialogTitle>
          <DialogDescription>{t('lembretes.description')}</DialogDescription>
        </DialogHeader>
        <Tabs value={aba} onValueChange={(value) => setAba(value as Aba)}>
          <TabsList className="h-auto w-full">
            <TabsTrigger value="vencidos" className="min-h-11">
              {t('lembretes.vencidos')}
            </TabsTrigger>
            <TabsTrigger value="a_vencer" className="min-h-11">
              {t('lembretes.aVencer')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="vencidos">{aba === 'vencidos' && corpo()}</TabsContent>
          <TabsContent value="a_vencer">{aba === 'a_vencer' && corpo()}</TabsContent>
        </Tabs>
        <DialogFooter>
          <Button variant="outline" disabled={registrar.isPending} onClick={() => onOpenChange(false)}>
            {t('lembretes.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

interface PassoProps {
  devedor: Devedor;
  config: CobrancaConfig;
  posicao: number;
  total: number;
  busy: boolean;
  onEnviado: () => void;
  onPular: () => void;
}

function Passo({ devedor, config, posicao, total, busy, onEnviado, onPular }: PassoProps) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  // A customer who disputed an entry is skipped, not reminded, until the dispute is resolved.
  const pausado = devedor.contestacaoAberta;
  const texto = mensagemDoDevedor(devedor, config, window.location.origin);
  const url = pausado ? null : whatsappDoDevedor(devedor.telefone, texto);

  return (
    <article aria-labelledby={`lembrete-${devedor.id}`} className="grid gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('lembretes.progresso', { atual: posicao + 1, total })}
      </p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1.5">
          <h3 id={`lembrete-${devedor.id}`} className="font-semibold [overflow-wrap:anywhere]">
            {devedor.nome}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <AtrasoBadge devedor={devedor} />
            <NivelBadge nivel={devedor.nivel} />
            <Badge variant="outline">{t(`faixa.${devedor.faixa}`)}</Badge>
            {devedor.lembradoHoje && <Badge variant="secondary">{t('lembretes.jaLembrado')}</Badge>}
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">{devedor.telefone ? formatPhone(devedor.telefone) : t('card.naoInformado')}</p>
        </div>
        <p className="text-lg font-semibold whitespace-nowrap text-destructive tabular-nums">{fmt.money(devedor.saldoPendente)}</p>
      </div>
      {pausado ? (
        <p role="note" className="rounded-md border border-amber-600/50 bg-amber-500/10 p-3 text-sm">
          {t('card.cobrancaPausada')}
        </p>
      ) : (
        <figure className="grid gap-1">
          <figcaption className="text-sm font-medium">{t('lembretes.mensagem')}</figcaption>
          <p className="rounded-md border bg-muted/50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{texto}</p>
        </figure>
      )}
      {!url && !pausado && <p className="text-sm text-muted-foreground">{t('lembretes.semTelefone')}</p>}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {url ? (
          <Button variant="outline" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <MessageCircleIcon aria-hidden="true" />
              {t('lembretes.abrirWhatsapp')}
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <MessageCircleIcon aria-hidden="true" />
            {t('lembretes.abrirWhatsapp')}
          </Button>
        )}
        <Button onClick={onEnviado} disabled={busy || pausado}>
          <CheckIcon aria-hidden="true" />
          {busy ? t('lembretes.enviando') : t('lembretes.enviado')}
        </Button>
        <Button variant="ghost" onClick={onPular} disabled={busy}>
          <SkipForwardIcon aria-hidden="true" />
          {t('lembretes.pular')}
        </Button>
      </div>
    </article>
  );
}
