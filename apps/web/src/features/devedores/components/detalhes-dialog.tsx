import { formatPhone, type CobrancaConfig, type DevedorDetalhe } from '@caderneta/shared';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import LinkIcon from 'lucide-react/icons/link';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import SettingsIcon from 'lucide-react/icons/settings';
import { useState, type ReactNode } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { useLastPresent } from '@/lib/use-last-present';
import { cn } from '@/lib/utils';
import { useDevedor } from '../api/get-devedor';
import { GERENCIAR_MUTATION_KEY } from '../api/update-cobranca-cliente';
import { AtrasoBadge, NivelBadge } from './badges';
import { GerenciarDivida } from './gerenciar-divida';
import { LembreteAberto, MarcarEnviado } from './lembrete-envio';
import { useCopiarLink, useWhatsappDoDevedor } from './use-acoes-devedor';

interface DetalhesDialogProps {
  clienteId: string | null;
  onOpenChange: (open: boolean) => void;
  config: CobrancaConfig | undefined;
  /** The ledger's statement of this customer (composed in by the route: another feature owns it). */
  historico: (clienteId: string) => ReactNode;
  /** How the customer pays and the suggested limit (composed in by the route: the customers' feature owns it). */
  comoPaga: (clienteId: string) => ReactNode;
  /** The entries the customer disputed and their resolution (composed in by the route). */
  contestacoes: (clienteId: string) => ReactNode;
  /** The automatic messages the app wrote to the customer (composed in by the route). */
  mensagens: (clienteId: string) => ReactNode;
  /** The ledger's payment and debit-adjustment dialogs (composed in by the route); absent for who may not use them. */
  onPagamento?: (devedor: DevedorDetalhe) => void;
  onAdicionarSaldo?: (devedor: DevedorDetalhe) => void;
}

/**
 * "Detalhes": who the customer is, where their account stands, the debt's status, the ledger
 * history, quick actions, and the manage-debt mode (spec §2, §4 "Manage debt").
 */
/** A quick action in a two-column grid on a phone: a long label wraps inside its button instead of running out of it. */
const ACAO = 'h-auto min-h-11 py-2 text-center leading-tight whitespace-normal';

export function DetalhesDialog({ clienteId, onOpenChange, config, historico, comoPaga, contestacoes, mensagens, onPagamento, onAdicionarSaldo }: DetalhesDialogProps) {
  const { t } = useTranslation('devedores');
  const shownId = useLastPresent(clienteId);
  const query = useDevedor(shownId);
  const data = query.data;
  const [gerenciando, setGerenciando] = useState(false);
  const podeEditar = usePode('editar_clientes');

  // A save of "Gerenciar dívida" under way: the dialog stays until it answers (a refused date is said in it).
  const ocupado = useIsMutating({ mutationKey: GERENCIAR_MUTATION_KEY }) > 0;

  function change(open: boolean) {
    if (!open && ocupado) return;
    if (!open) setGerenciando(false);
    onOpenChange(open);
  }

  return (
    <Dialog open={!!clienteId} onOpenChange={change}>
      <DialogContent busy={ocupado} className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('detalhes.title', { nome: data?.nome ?? '' })}</DialogTitle>
          <DialogDescription>{t('detalhes.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p role="status" className="py-8 text-center text-muted-foreground">
            {t('detalhes.loading')}
          </p>
        ) : !data ? (
          <LoadError title={t('detalhes.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        ) : gerenciando ? (
          <GerenciarDivida
            devedor={data}
            onPagamento={onPagamento && (() => onPagamento(data))}
            onAdicionarSaldo={onAdicionarSaldo && (() => onAdicionarSaldo(data))}
            onVoltar={() => setGerenciando(false)}
          />
        ) : (
          <Resumo
            devedor={data}
            config={config}
            historico={shownId ? historico(shownId) : null}
            comoPaga={shownId ? comoPaga(shownId) : null}
            contestacoes={shownId ? contestacoes(shownId) : null}
            mensagens={shownId ? mensagens(shownId) : null}
            onPagamento={onPagamento && (() => onPagamento(data))}
            // Manage debt holds the ledger's entries and the collection's fields (`editar_clientes`).
            onGerenciar={onPagamento || onAdicionarSaldo || podeEditar ? () => setGerenciando(true) : undefined}
          />
        )}
        <DialogFooter>
          {/* Through the dialog: with manage-debt fields not saved, it asks first. */}
          <DialogClose asChild>
            <Button variant="outline" disabled={ocupado}>
              {t('detalhes.close')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Resumo({
  devedor,
  config,
  historico,
  comoPaga,
  contestacoes,
  mensagens,
  onPagamento,
  onGerenciar,
}: {
  devedor: DevedorDetalhe;
  config: CobrancaConfig | undefined;
  historico: ReactNode;
  comoPaga: ReactNode;
  contestacoes: ReactNode;
  mensagens: ReactNode;
  onPagamento?: () => void;
  onGerenciar?: () => void;
}) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const whatsapp = useWhatsappDoDevedor(devedor, config);
  const copiarLink = useCopiarLink();
  const nao = t('detalhes.naoInformado');
  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : fmt.money(c));
  const devendo = devedor.saldoPendente > 0;

  return (
    <div className="grid gap-5">
      <Secao titulo={t('detalhes.pessoais')}>
        <Item termo={t('detalhes.nome')}>{devedor.nome}</Item>
        <Item termo={t('detalhes.telefone')}>{devedor.telefone ? formatPhone(devedor.telefone) : nao}</Item>
        <Item termo={t('detalhes.email')}>{devedor.email ?? nao}</Item>
        <Item termo={t('detalhes.endereco')}>{devedor.endereco ?? nao}</Item>
        <Item termo={t('detalhes.login')}>{devedor.login ? `@${devedor.login}` : nao}</Item>
      </Secao>

      <Secao titulo={t('detalhes.financeiro')}>
        <Item termo={t('detalhes.saldoAtual')}>
          <span className={cn('font-medium', devedor.saldoAtual < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')}>{signed(devedor.saldoAtual)}</span>
        </Item>
        <Item termo={t('detalhes.pendente')}>{fmt.money(devedor.saldoPendente)}</Item>
        <Item termo={t('detalhes.limite')}>{fmt.money(devedor.limiteCredito)}</Item>
        <Item termo={t('detalhes.disponivel')}>{fmt.money(devedor.disponivel)}</Item>
      </Secao>

      {devedor.contestacaoAberta && (
        <p role="note" className="rounded-md border border-amber-600/50 bg-amber-500/10 p-3 text-sm">
          {t('detalhes.cobrancaPausada')}
        </p>
      )}
      {contestacoes}

      {devendo && (
        <Secao titulo={t('detalhes.status')}>
          <Item termo={t('detalhes.vencimento')}>
            <span className={cn(devedor.estaVencido && 'font-medium text-destructive')}>
              {fmt.date(devedor.dataVencimento)}
              {devedor.estaVencido && ` ${t('card.vencido')}`}
            </span>
            {devedor.vencimentoProprio && <span className="text-muted-foreground"> · {t('card.vencimentoProprio')}</span>}
          </Item>
          <Item termo={t('detalhes.diasAtraso')}>
            <AtrasoBadge devedor={devedor} />
          </Item>
          <Item termo={t('detalhes.nivel')}>
            <NivelBadge nivel={devedor.nivel} />
          </Item>
          <Item termo={t('card.ultimoLembrete')}>
            {devedor.ultimoLembrete
              ? t('card.ultimoLembreteValor', { data: fmt.dateTime(devedor.ultimoLembrete.data), faixa: t(`faixa.${devedor.ultimoLembrete.faixa}`) })
              : t('card.nenhumLembrete')}
          </Item>
          {devedor.promessa && (
            <Item termo={t('card.promessa')}>
              <span className={cn(devedor.promessa.quebrada && 'font-medium text-destructive')}>
                {fmt.date(devedor.promessa.data)}
                {devedor.promessa.quebrada && ` · ${t('card.promessaQuebrada')}`}
              </span>
            </Item>
          )}
        </Secao>
      )}
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('detalhes.comoPaga')}</h3>
        {comoPaga}
      </section>

      {devedor.observacoes && (
        <section className="grid gap-1">
          <h3 className="text-sm font-semibold">{t('detalhes.observacoes')}</h3>
          <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{devedor.observacoes}</p>
        </section>
      )}

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('detalhes.acoesRapidas')}</h3>
        {devendo && <LembreteAberto devedor={devedor} />}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {whatsapp.url && devendo ? (
            <Button variant="outline" className={ACAO} asChild>
              <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" onClick={whatsapp.onOpen}>
                <MessageCircleIcon aria-hidden="true" />
                {t('card.whatsapp')}
              </a>
            </Button>
          ) : (
            <Button variant="outline" className={ACAO} disabled>
              <MessageCircleIcon aria-hidden="true" />
              {t('card.whatsapp')}
            </Button>
          )}
          <Button variant="outline" className={ACAO} onClick={() => void copiarLink(devedor)}>
            <LinkIcon aria-hidden="true" />
            {t('card.link')}
          </Button>
          {onPagamento && (
            <Button variant="outline" className={ACAO} onClick={onPagamento}>
              <HandCoinsIcon aria-hidden="true" />
              {t('card.pagamento')}
            </Button>
          )}
          {onGerenciar && (
            <Button className={ACAO} onClick={onGerenciar}>
              <SettingsIcon aria-hidden="true" />
              {t('detalhes.gerenciar')}
            </Button>
          )}
          {devendo && <MarcarEnviado devedor={devedor} className={`${ACAO} col-span-2 sm:col-span-1`} />}
        </div>
      </section>

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">{t('detalhes.historico')}</h3>
        {historico}
      </section>
      {mensagens}
    </div>
  );
}

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{titulo}</h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ termo, children }: { termo: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-1.5">
      <dt className="text-muted-foreground">{termo}:</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] tabular-nums">{children}</dd>
    </div>
  );
}
