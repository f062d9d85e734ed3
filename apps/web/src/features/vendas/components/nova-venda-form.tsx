import {
  type Cliente,
  type FormaPagamento,
  type LimiteExcedidoDetails,
  fiadoBloqueado,
  type Produto,
  verificarLimite,
} from '@caderneta/shared';
import type { Desconto } from '@caderneta/shared/descontos';
import type { Unidade } from '@caderneta/shared/unidades';
import CheckIcon from 'lucide-react/icons/check';
import CoinsIcon from 'lucide-react/icons/coins';
import KeyboardIcon from 'lucide-react/icons/keyboard';
import TagIcon from 'lucide-react/icons/tag';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyFieldset } from '@/components/busy-fieldset';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/session';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePessoa } from '@/lib/permissoes';
import { useFormatters } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { translateDynamic } from '@/lib/i18n';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useVenderNoBalcao } from '../api/create-venda';
import { TECLAS, useAtalhosDoBalcao } from '../atalhos';
import {
  adicionarAvulso,
  adicionarItem,
  type AjustesPermitidos,
  ajustarLinha,
  atualizarEstoque,
  chaveDaLinha,
  definirQuantidade,
  ehAvulso,
  type ErroDesconto,
  type ItemCarrinho,
  itensParaEnvio,
  linhaAcimaDoMaximo,
  removerItem,
  resumoCarrinho,
  type ResultadoCarrinho,
  semAjustesProibidos,
} from '../carrinho';
import { useNomeAvulso } from '../nome-avulso';
import { lerRascunho, limparRascunho, salvarRascunho } from '../rascunho';
import { ClientePicker } from './cliente-picker';
import { ItensVenda } from './itens-venda';
import { LimiteDialog } from './limite-dialog';
import { ProdutoPicker, type ProdutoPickerHandle } from './produto-picker';
import { reciboDoCarrinho } from '../recibo-provisorio';
// Not lazy: it opens when there is no connection to load it with.
import { VendaGuardadaDialog } from './venda-guardada-dialog';
import type { ReciboProvisorio } from '@/offline/banco';

// The shortcuts' help loads when first asked for ("?" or its button): the counter's first load stays small.
const AtalhosDialog = lazy(() => import('./atalhos-dialog').then((m) => ({ default: m.AtalhosDialog })));
// So does the "Avulso" form (F8 or its button).
const AvulsoDialog = lazy(() => import('./avulso-dialog').then((m) => ({ default: m.AvulsoDialog })));
// And the discounts: a line's "Desconto / preço" and the sale's (F6), one chunk.
const DescontoLinhaDialog = lazy(() => import('./desconto-dialog').then((m) => ({ default: m.DescontoLinhaDialog })));
const DescontoVendaDialog = lazy(() => import('./desconto-dialog').then((m) => ({ default: m.DescontoVendaDialog })));

/** A server issue about a discount or a changed price: the sale's (`desconto`) or a line's (`itens.2.desconto`). */
const ISSUE_DE_DESCONTO = /^(?:desconto|itens\.(\d+)\.(?:desconto|precoUnitario))$/;

/** Spec §9: after a sale, back to the list after 1.5 s. */
export const REDIRECT_DELAY_MS = 1500;

type AvisoLimite = LimiteExcedidoDetails & { cliente: string; valorVenda: number };

/** /vendas/nova: everything of spec §2 "New sale", sent to the server as one sale. */
export function NovaVendaForm({ onNovaVenda }: { onNovaVenda: () => void }) {
  const { t } = useTranslation(['vendas', 'validation', 'offline']);
  const fmt = useFormatters();
  const nomeAvulso = useNomeAvulso();
  const navigate = useNavigate();
  const formaId = useId();
  const obsId = useId();
  const createVenda = useVenderNoBalcao();

  const { user } = useSession();
  const sellerId = user.id;
  // What this person may do at the counter (issue 37): which ways of paying, a discount (and how
  // much), another price. The server refuses the rest; the screen does not offer it.
  const { pode, descontoMaximo } = usePessoa();
  const formas = (['vista', 'fiado'] as const).filter((f) => pode(f === 'vista' ? 'vender_avista' : 'vender_fiado'));
  const ajustes: AjustesPermitidos = { desconto: descontoMaximo > 0, preco: pode('alterar_preco') };
  const acimaDoMaximo = t('nova.desconto.acimaDoMaximo', { maximo: descontoMaximo });
  // The cart survives a reload: read once from this seller's draft, written back on every change
  // (without what the person may no longer do, should their role have changed since).
  const [rascunho] = useState(() => {
    const guardado = lerRascunho(sellerId);
    return { ...guardado, itens: semAjustesProibidos(guardado.itens, ajustes), desconto: ajustes.desconto ? guardado.desconto : null };
  });
  const [formaEscolhida, setForma] = useState<FormaPagamento>(rascunho.forma);
  // (The page is open only to who may sell one way or the other: nova-venda.tsx.)
  const forma: FormaPagamento = formas.includes(formaEscolhida) ? formaEscolhida : formas[0]!;
  const [cliente, setCliente] = useState<Cliente | null>(rascunho.cliente);
  /** How many times "Finalizar Venda" found no customer for a fiado sale (each one focuses the search). */
  const [faltaCliente, setFaltaCliente] = useState(0);
  const [itens, setItens] = useState<ItemCarrinho[]>(rascunho.itens);
  /** The items as last set (aplicar) or rendered: what the next addition builds on. */
  const itensAgora = useRef(itens);
  useEffect(() => {
    itensAgora.current = itens;
  }, [itens]);
  const [observacoes, setObservacoes] = useState(rascunho.observacoes);
  /** The discount on the whole sale (F6), as typed. */
  const [desconto, setDesconto] = useState<Desconto | null>(rascunho.desconto);
  const chave = rascunho.chave;
  const [aviso, setAviso] = useState<AvisoLimite | null>(null);
  const [concluida, setConcluida] = useState(false);
  /** The sale went to the outbox: its key and provisional receipt, shown until the seller moves on. */
  const [guardada, setGuardada] = useState<{ chave: string; recibo: ReciboProvisorio } | null>(null);
  const [descartando, setDescartando] = useState(false);
  /** F4: how many times the customer was asked for from the keyboard (each one focuses the picker). */
  const [pedidosCliente, setPedidosCliente] = useState(0);
  const [ajuda, setAjuda] = useState(false);
  const [avulso, setAvulso] = useState(false);
  /** The line whose "Desconto / preço" is open (its `chaveDaLinha`), and whether the sale's discount is. */
  const [ajustando, setAjustando] = useState<string | null>(null);
  const [descontoVenda, setDescontoVenda] = useState(false);
  const form$ = useRef<HTMLFormElement>(null);
  const produtos$ = useRef<ProdutoPickerHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!concluida) salvarRascunho(sellerId, { forma, cliente, itens, observacoes, desconto, chave });
  }, [sellerId, forma, cliente, itens, observacoes, desconto, chave, concluida]);

  function sair() {
    limparRascunho(sellerId);
    void navigate('/vendas');
  }

  const resumo = resumoCarrinho(itens, desconto);
  const busy = createVenda.isPending || concluida;
  const podeFinalizar = itens.length > 0 && !busy;

  const nomeDaLinha = (item: ItemCarrinho) => (ehAvulso(item) ? nomeAvulso(item.descricao) : item.nome);
  /** Why the discounts do not fit, in words: which line, the sale's, or a sale left worth nothing. */
  function erroDeDesconto(erro: ErroDesconto): string {
    if ('linha' in erro) return t('nova.desconto.erroLinha', { nome: nomeDaLinha(itens[erro.linha]!) });
    return 'venda' in erro ? t('nova.desconto.erroVenda') : t('nova.desconto.erroSemValor');
  }
  const linhaAjustada = ajustando === null ? undefined : itens.find((i) => chaveDaLinha(i) === ajustando);

  useAtalhosDoBalcao({
    // As "Finalizar Venda" itself: nothing while it is disabled (no items, or the sale on its way).
    finalizar: () => {
      if (podeFinalizar) form$.current?.requestSubmit();
    },
    // The customer is who buys fiado: F4 chooses fiado and goes to the customer's search (or card).
    cliente: () => {
      if (busy || !formas.includes('fiado')) return;
      setForma('fiado');
      setPedidosCliente((n) => n + 1);
    },
    // A loose amount ("R$ 12,50 de pão e leite"): its form, unless the sale is on its way.
    avulso: () => {
      if (!busy) setAvulso(true);
    },
    // The sale's discount: once there is something to take it from.
    desconto: () => {
      if (!busy && itens.length > 0 && ajustes.desconto) setDescontoVenda(true);
    },
    limpar: () => produtos$.current?.limpar(),
    ajuda: () => setAjuda(true),
  });

  function semEstoque(disponivel: number, unidade: Unidade) {
    toastRefused({
      title: t('nova.toast.estoqueTitle'),
      description:
        unidade === 'un'
          ? t('nova.toast.estoqueDescription', { count: disponivel })
          : t('nova.toast.estoqueDescriptionMedida', { quantidade: fmt.quantidade(disponivel, unidade) }),
    });
  }

  const semFiado = (nome: string) => ({ title: t('nova.toast.semFiadoTitle'), description: translateDynamic('errors:FIADO_NAO_PERMITIDO', '', { cliente: nome }) });

  function aplicar(result: ResultadoCarrinho): boolean {
    if (!result.ok) {
      semEstoque(result.disponivel, result.unidade);
      return false;
    }
    itensAgora.current = result.itens;
    setItens(result.itens);
    return true;
  }

  /**
   * Adds to the items as they are now, not as they were when the caller's render ran: a scanner's
   * reads are looked up one after another and each adds when its answer comes (produto-picker).
   */
  function adicionar(produto: Produto, quantidade: number) {
    return aplicar(
      adicionarItem(
        itensAgora.current,
        { produtoId: produto.id, nome: produto.nome, unidade: produto.unidade, precoVenda: produto.precoVenda, estoque: produto.estoqueAtual },
        quantidade,
      ),
    );
  }

  async function finalizar(confirmarLimiteExcedido = false) {
    if (busy) return;
    if (itens.length === 0) {
      toastRefused({ title: t('nova.toast.semItensTitle'), description: t('nova.toast.semItensDescription') });
      return;
    }
    if (resumo.total === null) {
      toastRefused({ title: t('nova.toast.descontoTitle'), description: erroDeDesconto(resumo.erro!) });
      return;
    }
    const total = resumo.total;
    // A value discount stays what was given: fewer of the item, and it may pass the person's cap.
    const acima = ajustes.desconto ? linhaAcimaDoMaximo(itens, desconto, descontoMaximo) : null;
    if (acima !== null) {
      toastRefused({ title: t('nova.toast.descontoTitle'), description: t('nova.desconto.erroDaLinha', { nome: nomeDaLinha(itens[acima]!), motivo: acimaDoMaximo }) });
      return;
    }
    if (forma === 'fiado' && !cliente) {
      toastRefused({ title: t('nova.toast.clienteTitle'), description: t('nova.toast.clienteDescription') });
      setFaltaCliente((n) => n + 1);
      return;
    }
    if (forma === 'fiado' && cliente && fiadoBloqueado({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: total })) {
      toastRefused(semFiado(cliente.nome));
      return;
    }
    if (forma === 'fiado' && cliente && !confirmarLimiteExcedido) {
      const limite = verificarLimite({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: total });
      if (limite.excedido) {
        setAviso({ limite: cliente.limiteCredito, disponivel: limite.disponivel, saldoPendente: limite.saldoPendente, cliente: cliente.nome, valorVenda: total });
        return;
      }
    }
    const input = {
      formaPagamento: forma,
      clienteId: forma === 'fiado' ? cliente!.id : null,
      itens: itensParaEnvio(itens),
      observacoes: observacoes.trim() || null,
      // Only when there is one: a sale without it is what it always was.
      ...(desconto && { desconto }),
      confirmarLimiteExcedido,
      chave,
    };
    // Not a react-hook-form form: no field takes a server issue.
    const feitaEm = new Date();
    const recibo = () => reciboDoCarrinho({ itens, desconto, cliente, forma, feitaEm, atendente: user.nome || null }, fmt, nomeAvulso);
    await submitForm(() => undefined, () => createVenda.mutateAsync({ input, recibo }), {
      errorTitle: 'vendas:nova.toast.erro',
      onError: (error) => {
        if (isApiError(error, 'ESTOQUE_INSUFICIENTE') && error.details) {
          const details = error.details;
          setItens((current) => atualizarEstoque(current, details.produtoId, details.disponivel));
          const description =
            details.unidade === 'un'
              ? t('nova.toast.estoqueProduto', { produto: details.produtoNome, count: details.disponivel })
              : t('nova.toast.estoqueProdutoMedida', { produto: details.produtoNome, quantidade: fmt.quantidade(details.disponivel, details.unidade) });
          return { title: t('nova.toast.estoqueTitle'), description };
        }
        if (isApiError(error, 'FIADO_NAO_PERMITIDO') && cliente) return semFiado(cliente.nome);
        if (isApiError(error, 'LIMITE_EXCEDIDO') && error.details && cliente) {
          // The balance moved since this screen loaded it: the server's figures decide.
          setAviso({ ...error.details, cliente: cliente.nome, valorVenda: total });
          return true;
        }
        // Past the limit for a person who may not sell past it (the balance moved since this screen
        // loaded it): the limit's dialog says so, with this screen's figures.
        if (isApiError(error, 'SEM_PERMISSAO') && error.details?.permissao === 'vender_acima_limite' && cliente) {
          const limite = verificarLimite({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: total });
          setAviso({ limite: cliente.limiteCredito, disponivel: limite.disponivel, saldoPendente: limite.saldoPendente, cliente: cliente.nome, valorVenda: total });
          return true;
        }
        if (isApiError(error, 'DESCONTO_ACIMA_DO_PERMITIDO')) return { title: t('nova.toast.descontoTitle'), description: errorMessage(error) };
        // A discount the server refused (a catalogue price changed meanwhile): which one, and why.
        if (isApiError(error, 'VALIDATION')) {
          for (const issue of error.issues) {
            const match = ISSUE_DE_DESCONTO.exec(issue.path);
            if (!match) continue;
            const motivo = translateDynamic(`validation:${issue.message}`, errorMessage(error));
            const item = match[1] === undefined ? undefined : itens[Number(match[1])];
            return { title: t('nova.toast.descontoTitle'), description: item ? t('nova.desconto.erroDaLinha', { nome: nomeDaLinha(item), motivo }) : motivo };
          }
        }
        // The answer may be lost after the sale was saved: the cart's key makes a retry safe, say so.
        if (isApiError(error, 'NETWORK')) return { title: t('nova.toast.erro'), description: t('nova.toast.semResposta') };
      },
      success: (resultado) =>
        'venda' in resultado
          ? { title: t('nova.toast.sucesso'), description: t('nova.toast.sucessoDescription', { total: fmt.money(resultado.venda.valorTotal) }) }
          : { title: t('offline:toast.title'), description: t('offline:toast.description', { total: fmt.money(resultado.guardada.total) }) },
      onSuccess: (resultado) => {
        setConcluida(true);
        limparRascunho(sellerId);
        if ('venda' in resultado) timer.current = setTimeout(() => void navigate('/vendas'), REDIRECT_DELAY_MS);
        // Kept on the device: the receipt stays on screen until the seller moves on.
        else setGuardada({ chave, recibo: resultado.guardada });
      },
    });
  }

  return (
    <form
      ref={form$}
      noValidate
      aria-label={t('nova.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void finalizar();
      }}
      // Room at the end for the bar fixed to the bottom of a phone's screen.
      className="grid grid-cols-1 gap-6 max-lg:pb-20 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      {/* Sent with what it held: nothing in it changes until the server has answered. */}
      <BusyFieldset busy={busy}>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardContent className="grid grid-cols-1 gap-2">
              {formas.length > 1 ? (
                <>
                  <Label htmlFor={formaId}>{t('nova.pagamento')}</Label>
                  <NativeSelect id={formaId} value={forma} onChange={(event) => setForma(event.target.value as FormaPagamento)}>
                    <option value="vista">{t('nova.vista')}</option>
                    <option value="fiado">{t('nova.fiado')}</option>
                  </NativeSelect>
                </>
              ) : (
                // One way of paying for this person: said, not offered as a choice.
                <>
                  <p className="text-sm font-medium">{t('nova.pagamento')}</p>
                  <p className="font-semibold">{forma === 'fiado' ? t('nova.fiado') : t('nova.vista')}</p>
                  <p className="text-sm text-muted-foreground">{forma === 'fiado' ? t('nova.somenteFiado') : t('nova.somenteVista')}</p>
                </>
              )}
            </CardContent>
          </Card>

          {forma === 'fiado' && (
            <ClientePicker
              cliente={cliente}
              onChange={setCliente}
              erro={faltaCliente > 0 && !cliente ? t('nova.toast.clienteDescription') : null}
              focar={faltaCliente + pedidosCliente}
            />
          )}

          <ProdutoPicker
            ref={produtos$}
            onAdd={adicionar}
            acoes={
              <>
                <Button type="button" variant="outline" aria-keyshortcuts={TECLAS.avulso} onClick={() => setAvulso(true)}>
                  <CoinsIcon aria-hidden="true" />
                  {t('nova.avulso.abrir')}
                </Button>
                <Button type="button" variant="outline" size="icon" aria-keyshortcuts={TECLAS.ajuda} aria-label={t('nova.atalhos.abrir')} onClick={() => setAjuda(true)}>
                  <KeyboardIcon aria-hidden="true" />
                </Button>
              </>
            }
          />

          <ItensVenda
            itens={itens}
            onQuantidade={(produtoId, quantidade) => aplicar(definirQuantidade(itens, produtoId, quantidade))}
            onRemover={(chave) => aplicar({ ok: true, itens: removerItem(itensAgora.current, chave) })}
            onAjustar={setAjustando}
            ajustes={ajustes}
          />

          <Card>
            <CardContent className="grid grid-cols-1 gap-2">
              <Label htmlFor={obsId}>{t('nova.observacoes')}</Label>
              <Textarea
                id={obsId}
                maxLength={500}
                placeholder={t('nova.observacoesPlaceholder')}
                value={observacoes}
                onChange={(event) => setObservacoes(event.target.value)}
              />
            </CardContent>
          </Card>
        </div>

        <Card className="lg:sticky lg:top-20" role="region" aria-label={t('nova.resumo.title')}>
          <CardTitulo className="text-base">{t('nova.resumo.title')}</CardTitulo>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('nova.resumo.pagamento')}</dt>
              <dd className="text-right">
                <Badge variant={forma === 'fiado' ? 'secondary' : 'default'}>{forma === 'fiado' ? t('nova.fiado') : t('nova.vista')}</Badge>
              </dd>
              <dt className="text-muted-foreground">{t('nova.resumo.cliente')}</dt>
              <dd className="truncate text-right">{(forma === 'fiado' && cliente?.nome) || t('nova.resumo.semCliente')}</dd>
              <dt className="text-muted-foreground">{t('nova.resumo.itens')}</dt>
              <dd className="text-right tabular-nums">{fmt.integer(resumo.itens)}</dd>
              {/* Each unit apart ("4 un · 0,350 kg"): grams are never added to units. */}
              <dt className="text-muted-foreground">{t('nova.resumo.quantidade')}</dt>
              <dd className="text-right tabular-nums">{resumo.quantidades.map((q) => fmt.quantidade(q.quantidade, q.unidade)).join(' · ') || fmt.integer(0)}</dd>
              {resumo.desconto > 0 && (
                <>
                  <dt className="text-muted-foreground">{t('nova.resumo.subtotal')}</dt>
                  <dd className="text-right tabular-nums">{fmt.money(resumo.subtotal)}</dd>
                  {resumo.desconto > resumo.descontoVenda && (
                    <>
                      <dt className="text-muted-foreground">{t('nova.resumo.descontoItens')}</dt>
                      <dd className="text-right tabular-nums">{t('nova.desconto.menos', { valor: fmt.money(resumo.desconto - resumo.descontoVenda) })}</dd>
                    </>
                  )}
                  {resumo.descontoVenda > 0 && (
                    <>
                      <dt className="text-muted-foreground">
                        {desconto?.tipo === 'percentual' ? t('nova.resumo.descontoVendaPercentual', { percentual: fmt.percent(desconto.valor) }) : t('nova.resumo.descontoVenda')}
                      </dt>
                      <dd className="text-right tabular-nums">{t('nova.desconto.menos', { valor: fmt.money(resumo.descontoVenda) })}</dd>
                    </>
                  )}
                </>
              )}
            </dl>
            {resumo.erro && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {erroDeDesconto(resumo.erro)}
              </p>
            )}
            {ajustes.desconto && (
              <Button type="button" variant="outline" disabled={busy || itens.length === 0} aria-keyshortcuts={TECLAS.desconto} onClick={() => setDescontoVenda(true)}>
                <TagIcon aria-hidden="true" />
                {t('nova.desconto.abrirVenda')}
              </Button>
            )}
            {/* The total and "Finalizar Venda": a bar fixed to the bottom of a phone's screen (the items
                scroll under it), part of this card from lg up. */}
            <div className="grid gap-4 max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-20 max-lg:grid-cols-[minmax(0,1fr)_auto] max-lg:items-center max-lg:gap-3 max-lg:border-t max-lg:bg-background/95 max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.3)] max-lg:backdrop-blur sm:max-lg:px-6 md:max-lg:left-64">
              <dl className="flex min-w-0 items-baseline justify-between gap-4 border-t pt-2 max-lg:flex-col max-lg:items-start max-lg:gap-0 max-lg:border-0 max-lg:pt-0">
                <dt className="text-base font-semibold max-lg:text-xs max-lg:font-normal max-lg:text-muted-foreground">{t('nova.resumo.total')}</dt>
                <dd className="min-w-0 text-right text-xl font-bold [overflow-wrap:anywhere] tabular-nums max-lg:text-left max-lg:text-lg max-lg:leading-tight" aria-live="polite">
                  {resumo.total === null ? '—' : fmt.money(resumo.total)}
                </dd>
              </dl>
              <Button type="submit" size="lg" className="max-lg:px-4" disabled={!podeFinalizar} aria-keyshortcuts={TECLAS.finalizar}>
                <CheckIcon aria-hidden="true" />
                {busy ? t('nova.finalizando') : t('nova.finalizar')}
              </Button>
            </div>
            <Button type="button" variant="outline" disabled={busy} onClick={() => (itens.length > 0 ? setDescartando(true) : sair())}>
              {t('nova.cancelar')}
            </Button>
          </CardContent>
        </Card>

        <ConfirmDialog
          open={descartando}
          onOpenChange={setDescartando}
          title={t('nova.descartar.title')}
          description={t('nova.descartar.description', { count: resumo.itens })}
          cancelLabel={t('nova.descartar.cancel')}
          confirmLabel={t('nova.descartar.confirm')}
          onConfirm={sair}
        />

        {ajuda && (
          <Suspense fallback={null}>
            <AtalhosDialog
              open
              onOpenChange={setAjuda}
              // F4 (fiado) and F6 (the sale's discount) do nothing for who may not use them.
              semLinhas={[...(formas.includes('fiado') ? [] : ['cliente' as const]), ...(ajustes.desconto ? [] : ['desconto' as const])]}
            />
          </Suspense>
        )}

        {avulso && (
          <Suspense fallback={null}>
            <AvulsoDialog
              onClose={() => setAvulso(false)}
              onAdd={(linha) => {
                aplicar({ ok: true, itens: adicionarAvulso(itensAgora.current, linha, newIdempotencyKey()) });
                setAvulso(false);
              }}
              // The next item starts where the counter starts: in the product search (if the shop has one).
              onCloseAutoFocus={(event) => {
                if (produtos$.current?.focar()) event.preventDefault();
              }}
            />
          </Suspense>
        )}

        {linhaAjustada && (
          <Suspense fallback={null}>
            <DescontoLinhaDialog
              item={linhaAjustada}
              nome={nomeDaLinha(linhaAjustada)}
              onClose={() => setAjustando(null)}
              ajustes={ajustes}
              descontoMaximo={descontoMaximo}
              onApply={(ajuste) => {
                const result = ajustarLinha(itensAgora.current, chaveDaLinha(linhaAjustada), ajuste);
                if (!result.ok) return t('validation:descontoAcimaDoValor');
                // The line's own discount and its share of the sale's, against the person's cap.
                if (linhaAcimaDoMaximo(result.itens, desconto, descontoMaximo) !== null) return acimaDoMaximo;
                itensAgora.current = result.itens;
                setItens(result.itens);
                setAjustando(null);
                return null;
              }}
            />
          </Suspense>
        )}

        {descontoVenda && (
          <Suspense fallback={null}>
            <DescontoVendaDialog
              itens={itens}
              nomeDaLinha={nomeDaLinha}
              desconto={desconto}
              descontoMaximo={descontoMaximo}
              onClose={() => setDescontoVenda(false)}
              onApply={(novo) => {
                setDesconto(novo);
                setDescontoVenda(false);
              }}
            />
          </Suspense>
        )}

        {guardada && <VendaGuardadaDialog {...guardada} onNovaVenda={onNovaVenda} onVerVendas={() => void navigate('/vendas')} />}

        <LimiteDialog
          aviso={aviso}
          onCancel={() => setAviso(null)}
          onConfirm={() => {
            setAviso(null);
            void finalizar(true);
          }}
        />
      </BusyFieldset>
    </form>
  );
}
