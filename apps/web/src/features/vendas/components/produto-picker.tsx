import type { Produto } from '@caderneta/shared';
import { codigosDoProdutoNaBalanca, FORMATO_ETIQUETA_PADRAO, lerEtiquetaDeBalanca, pareceEtiquetaDeBalanca, quantidadeDaEtiqueta } from '@caderneta/shared/balanca';
import { numberFormat } from '@caderneta/shared/money';
import { escalaDaUnidade, lerQuantidade, maxQuantidadeItem, SIMBOLO_UNIDADE, type Unidade, unidadeFracionada } from '@caderneta/shared/unidades';
import CameraIcon from 'lucide-react/icons/camera';
import PackageIcon from 'lucide-react/icons/package';
import PlusIcon from 'lucide-react/icons/plus';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, type Ref, Suspense, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError } from '@/components/load-error';
import { toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { useSession } from '@/lib/session';
import { useCombobox } from '@/lib/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { produtosParaVenda, useProdutosParaVenda } from '../api/get-opcoes-venda';
import { lerBuscaDoBalcao } from '../multiplicador';

// The camera and its dialog load when "Escanear" is tapped: the counter's first load stays as it was.
const EscanearDialog = lazy(() => import('./escanear-dialog').then((m) => ({ default: m.EscanearDialog })));

/** How many search results the list under the search shows (the select below holds them all). */
const RESULTADOS = 8;

/** What a barcode scanner types: 8 to 14 digits (EAN-8, UPC-A, EAN-13, GTIN-14). */
const CODIGO_DE_BARRAS = /^\d{8,14}$/;

/** What the page around the picker may ask of it (Esc outside the search). */
export interface ProdutoPickerHandle {
  /** Empties the search and puts the focus in it. */
  limpar: () => void;
  /** Puts the focus in the search; false when there is none (an empty catalogue). */
  focar: () => boolean;
}

interface ProdutoPickerProps {
  onAdd: (produto: Produto, quantidade: number) => boolean;
  /** Shown at the end of the card's title row ("Avulso", the shortcuts' help), and with an empty catalogue. */
  acoes?: ReactNode;
  ref?: Ref<ProdutoPickerHandle>;
}

/**
 * The counter's product entry (issue 35): a search focused when the page opens and after every item
 * added, whose results are picked with ↓/↑ and Enter; a scanner's code and Enter add the product
 * with that barcode; "3*" before a code or a name is how many go in; on a browser that reads
 * barcodes, "Escanear" reads one with the camera. Below it, the product select (with its sale
 * price), quantity (read by the product's unit: 1 to 10.000 of a whole unit, "0,350" of a kg
 * product; anything else refused with a message) and "Adicionar". A product sold by weight or
 * volume found without a "n*" is not added as 1 kg: it is selected, for its quantity to be typed.
 */
export function ProdutoPicker({ onAdd, acoes, ref }: ProdutoPickerProps) {
  const { t } = useTranslation(['vendas', 'validation']);
  // "Cadastrar produtos" leads to the catalogue's form: for who may edit it.
  const cadastra = usePode('editar_produtos');
  const fmt = useFormatters();
  // How the shop's scales print their labels (Configurações › Loja); the default for a session from before the setting.
  const sessao = useSession();
  const sellerId = sessao.user.id;
  const formatoEtiqueta = sessao.perfil.etiquetaBalanca ?? FORMATO_ETIQUETA_PADRAO;
  const searchId = useId();
  const selectId = useId();
  const quantidadeId = useId();
  const [busca, setBusca] = useState('');
  const lida = lerBuscaDoBalcao(busca, fmt.locale);
  const termo = useDebouncedValue(lida.termo, 250);
  const produtos = useProdutosParaVenda(termo);
  const [produtoId, setProdutoId] = useState('');
  const [quantidade, setQuantidade] = useState('1');
  const [escolhido, setEscolhido] = useState<Produto | null>(null);
  /** Why the typed quantity was refused, or null. */
  const [erroQuantidade, setErroQuantidade] = useState<string | null>(null);
  const erroId = useId();
  const busca$ = useRef<HTMLInputElement>(null);
  const select$ = useRef<HTMLSelectElement>(null);
  const quantidade$ = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const leituraId = useId();
  const multiplicadorId = useId();
  /** What Enter in the search did: a product added, nothing found, or a quantity refused. */
  const [leitura, setLeitura] = useState<{ ok: boolean; texto: string } | null>(null);
  // The "n*" typed, said under the search, unless it was just refused (the refusal says it instead).
  const proximaQuantidade = lida.ok && leitura?.ok !== false ? lida.multiplicador : null;
  /** The reads of Enter and the camera, looked up one after another, in the order they came. */
  const fila = useRef<Promise<void>>(Promise.resolve());
  const [escaneando, setEscaneando] = useState(false);
  // Feature-detected once: where the browser cannot read barcodes, there is no "Escanear" at all.
  const [temLeitorDeCodigo] = useState(() => typeof window !== 'undefined' && 'BarcodeDetector' in window);

  // The counter starts in the search: the first key typed or scanned goes there.
  useEffect(() => busca$.current?.focus(), []);

  function limpar() {
    setBusca('');
    setLeitura(null);
    busca$.current?.focus();
  }
  useImperativeHandle(ref, () => ({
    limpar,
    focar: () => {
      busca$.current?.focus();
      return !!busca$.current;
    },
  }));

  /** What one item of `unidade` may be, as the messages say it: "1" to "10.000", "0,001" to "1.000 kg". */
  function faixa(unidade: Unidade) {
    const numero = numberFormat(fmt.locale, { maximumFractionDigits: 3 });
    const escala = escalaDaUnidade(unidade);
    const simbolo = unidade === 'un' ? '' : ` ${SIMBOLO_UNIDADE[unidade]}`;
    return { min: numero.format(1 / escala), max: `${numero.format(maxQuantidadeItem(unidade) / escala)}${simbolo}` };
  }

  /** The "n*" does not fit: said under the search (the product's unit decides what would, once known). */
  const quantidadeRecusada = (unidade: Unidade = 'un') =>
    setLeitura({
      ok: false,
      texto: unidadeFracionada(unidade) ? t('nova.produtos.multiplicadorInvalidoMedida', faixa(unidade)) : t('nova.produtos.multiplicadorInvalido', { max: faixa(unidade).max }),
    });

  /** The product goes to the select, and the focus to its quantity, which holds `texto`. */
  function pedirQuantidade(produto: Produto, texto: string) {
    escolher(produto);
    setQuantidade(texto);
    quantidade$.current?.focus();
  }

  /**
   * Puts the product in the sale: one of it, or the `multiplicador` typed before the "*", read by the
   * product's unit. The search is emptied for the next item, unless it no longer holds `lido` (what
   * was read): a scanner may already be typing the next code there. A refused "n*" stays in the
   * search (or comes back to it) to be corrected; a product sold by weight or volume with no "n*"
   * waits in the select for its quantity.
   */
  function adicionarDaBusca(produto: Produto, multiplicador: string | null, lido: string) {
    if (multiplicador === null && unidadeFracionada(produto.unidade)) {
      setBusca((atual) => (atual === lido ? '' : atual));
      pedirQuantidade(produto, '');
      setLeitura({ ok: true, texto: t('nova.produtos.informeQuantidade', { nome: produto.nome, unidade: SIMBOLO_UNIDADE[produto.unidade] }) });
      return;
    }
    const quantidade = multiplicador === null ? ({ ok: true, valor: 1 } as const) : lerQuantidade(multiplicador, fmt.locale, produto.unidade);
    if (!quantidade.ok) {
      quantidadeRecusada(produto.unidade);
      setBusca((atual) => atual || lido);
      return;
    }
    if (!onAdd(produto, quantidade.valor)) return;
    setBusca((atual) => (atual === lido ? '' : atual));
    const umSo = quantidade.valor === 1 && !unidadeFracionada(produto.unidade);
    const quanto = produto.unidade === 'un' ? fmt.integer(quantidade.valor) : fmt.quantidade(quantidade.valor, produto.unidade);
    setLeitura({
      ok: true,
      texto: umSo ? t('nova.produtos.lido', { nome: produto.nome }) : t('nova.produtos.lidoQuantidade', { nome: produto.nome, quantidade: quanto }),
    });
    busca$.current?.focus();
  }

  /**
   * Enter in the search with no result highlighted, or a code read by the camera: a barcode scanner
   * types the code and Enter, faster than the search waits for typing to stop, so the code is looked
   * up at once. The product with exactly that barcode goes into the sale (one unit, or the "n*"
   * typed before it; the next scan adds another) and the search is cleared for the next scan. One
   * sold by weight or volume with no "n*" is selected instead, waiting for its quantity.
   * Otherwise a single product found is selected, ready for its quantity; several stay listed under
   * the search, to be picked with ↓/↑ and Enter.
   *
   * A scanner may read the next code before this one's lookup has answered: a code (8 to 14 digits,
   * as EAN-8, UPC, EAN-13 and GTIN-14 are) leaves the box at once, so the next scan starts in an
   * empty box, and the reads are looked up one after another, in order. A code that finds nothing
   * comes back to the box, to be corrected, if nothing else was typed there since.
   */
  function buscarAgora(texto: string) {
    const lido = lerBuscaDoBalcao(texto, fmt.locale);
    if (!lido.ok) {
      quantidadeRecusada();
      return;
    }
    if (!lido.termo) return;
    const codigo = CODIGO_DE_BARRAS.test(lido.termo);
    if (codigo) setBusca('');
    setLeitura(null);
    fila.current = fila.current.then(() => ler(texto, lido.termo, lido.multiplicador, codigo));
  }

  async function ler(texto: string, termo: string, multiplicador: string | null, codigo: boolean) {
    try {
      const encontrados = (await queryClient.fetchQuery(produtosParaVenda(sellerId, termo))).items;
      const comCodigo = encontrados.find((p) => p.codigoBarras === termo);
      if (comCodigo) {
        adicionarDaBusca(comCodigo, multiplicador, texto);
      } else if (codigo && pareceEtiquetaDeBalanca(termo)) {
        await lerEtiqueta(texto, termo);
      } else if (encontrados.length === 1) {
        const produto = encontrados[0]!;
        pedirQuantidade(produto, multiplicador ?? (unidadeFracionada(produto.unidade) ? '' : '1'));
      } else if (encontrados.length === 0) {
        setLeitura({ ok: false, texto: t('nova.produtos.naoEncontrado', { termo }) });
        if (codigo) setBusca((atual) => atual || texto);
      }
    } catch (error) {
      if (codigo) setBusca((atual) => atual || texto);
      toastError(error, 'vendas:nova.produtos.erroBusca');
    }
  }

  /**
   * A scale's label (issue 35, part 5): a 13-digit code starting with 2 that no product has as its
   * barcode (a product registered with the whole code is added above, as any barcode). Read with the
   * shop's format, it names the product by its code on the scale and carries the weight or the price
   * charged, which decide the quantity; a "n*" typed before it is not used (the label says how much).
   * A label misread (wrong check digit), of no product, or that does not fit the product adds nothing
   * and comes back to the box, as an unknown code does.
   */
  async function lerEtiqueta(texto: string, termo: string) {
    const recusar = (mensagem: string) => {
      setLeitura({ ok: false, texto: mensagem });
      setBusca((atual) => atual || texto);
    };
    const lida = lerEtiquetaDeBalanca(termo, formatoEtiqueta);
    if (!lida) return;
    if (!lida.ok) {
      recusar(t(lida.erro === 'digitoVerificador' ? 'nova.balanca.digitoVerificador' : 'nova.balanca.valorZero'));
      return;
    }
    const { etiqueta } = lida;
    let produto: Produto | undefined;
    for (const codigoNaBalanca of codigosDoProdutoNaBalanca(etiqueta.codigo)) {
      const encontrados = (await queryClient.fetchQuery(produtosParaVenda(sellerId, codigoNaBalanca))).items;
      produto = encontrados.find((p) => p.codigoBarras === codigoNaBalanca);
      if (produto) break;
    }
    if (!produto) {
      recusar(t('nova.balanca.naoEncontrado', { codigo: etiqueta.codigo }));
      return;
    }
    const porEtiqueta = quantidadeDaEtiqueta(etiqueta, produto);
    if (!porEtiqueta.ok) {
      recusar(
        porEtiqueta.erro === 'quantidadeForaDoLimite'
          ? t('nova.balanca.quantidadeForaDoLimite', { nome: produto.nome, ...faixa(produto.unidade) })
          : t(`nova.balanca.${porEtiqueta.erro}`, { nome: produto.nome }),
      );
      return;
    }
    const { quantidade } = porEtiqueta;
    if (!onAdd(produto, quantidade)) return;
    setBusca((atual) => (atual === texto ? '' : atual));
    const quanto = produto.unidade === 'un' ? fmt.integer(quantidade) : fmt.quantidade(quantidade, produto.unidade);
    setLeitura({ ok: true, texto: t('nova.balanca.lida', { nome: produto.nome, quantidade: quanto }) });
    busca$.current?.focus();
  }

  // The results of exactly what is in the box (not the previous search's, still shown while it loads).
  const resultados = lida.termo && termo === lida.termo && !produtos.isPlaceholderData ? (produtos.data?.items.slice(0, RESULTADOS) ?? []) : [];
  const combobox = useCombobox({
    value: busca,
    items: resultados,
    getKey: (p) => p.id,
    onPick: (produto) => (lida.ok ? adicionarDaBusca(produto, lida.multiplicador, busca) : quantidadeRecusada()),
  });

  function escolher(produto: Produto | null) {
    setProdutoId(produto?.id ?? '');
    setEscolhido(produto);
    setErroQuantidade(null);
  }

  function adicionar() {
    if (!escolhido) return;
    const digitada = lerQuantidade(quantidade, fmt.locale, escolhido.unidade);
    if (!digitada.ok) {
      setErroQuantidade(
        digitada.erro === 'quantidadeInteira' || digitada.erro === 'quantidadeCasas'
          ? t(`validation:${digitada.erro}`)
          : t('nova.produtos.quantidadeInvalida', faixa(escolhido.unidade)),
      );
      return;
    }
    setErroQuantidade(null);
    if (onAdd(escolhido, digitada.valor)) {
      setProdutoId('');
      setEscolhido(null);
      setQuantidade('1');
      // The next item starts where the counter starts: in the search.
      busca$.current?.focus();
    }
  }

  const encontrados = produtos.data?.items ?? [];
  // The product chosen stays among the options while the search's list catches up (Enter finds one
  // product before the list of what was typed has arrived): the select shows what is chosen.
  const itens = escolhido && !encontrados.some((p) => p.id === escolhido.id) ? [escolhido, ...encontrados] : encontrados;
  // No products yet: say so and lead to the catalogue instead of an empty select; loose amounts
  // ("Avulso", in `acoes`) still sell.
  if (!termo && produtos.data && produtos.data.total === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-4 text-center">
          <PackageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <div>
            <h2 className="font-medium">{t('nova.produtos.catalogoVazio')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('nova.produtos.catalogoVazioHint')}</p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            {acoes}
            {cadastra && (
              <Button asChild>
                <Link to="/produtos">
                  <PlusIcon aria-hidden="true" />
                  {t('nova.produtos.cadastrar')}
                </Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <div className="flex items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-base">
              <PackageIcon className="size-4" aria-hidden="true" />
              {t('nova.produtos.title')}
            </h2>
            <div className="flex items-center gap-2">{acoes}</div>
          </div>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={searchId}>{t('nova.produtos.search')}</Label>
          <div className="flex gap-2">
            <Input
              ref={busca$}
              id={searchId}
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t('nova.produtos.searchPlaceholder')}
              value={busca}
              aria-describedby={[leitura && leituraId, proximaQuantidade !== null && multiplicadorId].filter(Boolean).join(' ') || undefined}
              aria-keyshortcuts="Escape"
              onChange={(event) => {
                setBusca(event.target.value);
                setLeitura(null);
              }}
              {...combobox.inputProps}
              onKeyDown={(event) => {
                // Esc empties the search in one press (the list goes with it), ready for the next item.
                if (event.key === 'Escape') {
                  event.preventDefault();
                  limpar();
                  return;
                }
                // Enter with no result highlighted reads what was typed or scanned.
                if (event.key === 'Enter' && !combobox.inputProps['aria-activedescendant']) {
                  event.preventDefault();
                  buscarAgora(busca);
                  return;
                }
                combobox.inputProps.onKeyDown(event);
              }}
            />
            {temLeitorDeCodigo && (
              <Button type="button" variant="outline" className="shrink-0" onClick={() => setEscaneando(true)}>
                <CameraIcon aria-hidden="true" />
                {t('nova.produtos.escanear')}
              </Button>
            )}
          </div>
          {proximaQuantidade !== null && (
            <p id={multiplicadorId} className="text-sm font-medium">
              {t('nova.produtos.multiplicador', { quantidade: proximaQuantidade })}
            </p>
          )}
          <p id={leituraId} aria-live="polite" className={cn('text-sm empty:hidden', leitura?.ok ? 'text-muted-foreground' : 'text-destructive')}>
            {leitura?.texto}
          </p>
          {/* How many the search found, to screen readers (the list shows them), with how to choose. */}
          <div aria-live="polite" className="sr-only">
            {combobox.expanded && t('nova.produtos.encontrados', { count: resultados.length })}
          </div>
          {combobox.expanded && (
            <ul {...combobox.listboxProps} aria-label={t('nova.produtos.resultados')} className="divide-y rounded-md border">
              {resultados.map((p) => (
                <li
                  key={p.id}
                  {...combobox.optionProps(p)}
                  // As the customer search's results: the highlighted one has a strong background and a ring.
                  className="flex min-h-11 w-full cursor-pointer flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-left hover:bg-accent aria-selected:bg-primary/10 aria-selected:ring-2 aria-selected:ring-primary aria-selected:ring-inset"
                >
                  <span className="min-w-0 truncate font-medium">{p.nome}</span>
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {t('nova.produtos.resultado', { preco: fmt.preco(p.precoVenda, p.unidade), estoque: fmt.quantidade(p.estoqueAtual, p.unidade) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {escaneando && (
            <Suspense fallback={null}>
              <EscanearDialog
                onClose={() => setEscaneando(false)}
                onCodigo={(codigo) => {
                  setEscaneando(false);
                  // The code goes the way a typed or scanned one goes, after the "n*" already typed (a
                  // refused one is refused again, never dropped for a silent 1).
                  const multiplicador = !lida.ok || lida.multiplicador !== null ? busca.slice(0, busca.indexOf('*') + 1) : '';
                  const texto = `${multiplicador}${codigo}`;
                  setBusca(texto);
                  buscarAgora(texto);
                }}
                onCloseAutoFocus={(event) => {
                  event.preventDefault();
                  busca$.current?.focus();
                }}
              />
            </Suspense>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>{t('nova.produtos.select')}</Label>
          <NativeSelect
            ref={select$}
            id={selectId}
            value={produtoId}
            onChange={(event) => escolher(itens.find((p) => p.id === event.target.value) ?? null)}
          >
            <option value="">{itens.length || !termo ? t('nova.produtos.selectPlaceholder') : t('nova.produtos.none')}</option>
            {itens.map((p) => (
              <option key={p.id} value={p.id}>
                {t('nova.produtos.option', { nome: p.nome, preco: fmt.preco(p.precoVenda, p.unidade), estoque: fmt.quantidade(p.estoqueAtual, p.unidade) })}
              </option>
            ))}
          </NativeSelect>
          {produtos.isError && (
            // Without it the select just stays empty, as if the catalogue had nothing to sell.
            <LoadError className="py-2" title={t('nova.produtos.loadError')} error={produtos.error} onRetry={() => void produtos.refetch()} />
          )}
          {escolhido && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('nova.produtos.price', { preco: fmt.preco(escolhido.precoVenda, escolhido.unidade) })}
            </p>
          )}
        </div>
        <div className="flex items-end gap-2">
          <div className="grid w-32 gap-2">
            <Label htmlFor={quantidadeId}>
              {escolhido && escolhido.unidade !== 'un' ? t('nova.produtos.quantidadeEm', { unidade: SIMBOLO_UNIDADE[escolhido.unidade] }) : t('nova.produtos.quantidade')}
            </Label>
            <Input
              ref={quantidade$}
              id={quantidadeId}
              // A weight or a volume has a decimal mark: the phone's keyboard offers it.
              inputMode={escolhido && unidadeFracionada(escolhido.unidade) ? 'decimal' : 'numeric'}
              autoComplete="off"
              className="text-right tabular-nums"
              value={quantidade}
              aria-invalid={erroQuantidade !== null || undefined}
              aria-describedby={erroQuantidade !== null ? erroId : undefined}
              onChange={(event) => {
                setQuantidade(event.target.value);
                setErroQuantidade(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  adicionar();
                }
              }}
            />
          </div>
          <Button type="button" className="flex-1 sm:flex-none" disabled={!escolhido} onClick={adicionar}>
            <PlusIcon aria-hidden="true" />
            {t('nova.produtos.add')}
          </Button>
        </div>
        {erroQuantidade !== null && (
          <p id={erroId} role="alert" className="-mt-2 text-sm text-destructive">
            {erroQuantidade}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
