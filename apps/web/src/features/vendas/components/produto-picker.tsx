import { MAX_QUANTIDADE_ITEM, type Produto } from '@caderneta/shared';
import PackageIcon from 'lucide-react/icons/package';
import PlusIcon from 'lucide-react/icons/plus';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
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
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { produtosParaVenda, useProdutosParaVenda } from '../api/get-opcoes-venda';
import { parseQuantidade } from '../carrinho';

/** Product select (with its sale price), quantity (1 to 10.000, anything else refused with a message) and "Adicionar". */
export function ProdutoPicker({ onAdd }: { onAdd: (produto: Produto, quantidade: number) => boolean }) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const searchId = useId();
  const selectId = useId();
  const quantidadeId = useId();
  const [busca, setBusca] = useState('');
  const termo = useDebouncedValue(busca.trim(), 250);
  const produtos = useProdutosParaVenda(termo);
  const [produtoId, setProdutoId] = useState('');
  const [quantidade, setQuantidade] = useState('1');
  const [escolhido, setEscolhido] = useState<Produto | null>(null);
  const [quantidadeInvalida, setQuantidadeInvalida] = useState(false);
  const erroId = useId();
  const select$ = useRef<HTMLSelectElement>(null);
  const quantidade$ = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const leituraId = useId();
  /** What Enter in the search did: a scanned product added, or nothing found. */
  const [leitura, setLeitura] = useState<{ ok: boolean; texto: string } | null>(null);
  const [lendo, setLendo] = useState(false);

  /**
   * Enter in the search: a barcode scanner types the code and Enter, faster than the search waits
   * for typing to stop, so the code is looked up at once. The product with exactly that barcode goes
   * into the sale (one unit; the next scan adds another) and the search is cleared for the next
   * scan. Otherwise a single product found is selected, ready for its quantity.
   */
  async function buscarAgora() {
    const codigo = busca.trim();
    if (!codigo || lendo) return;
    setLendo(true);
    setLeitura(null);
    try {
      const encontrados = (await queryClient.fetchQuery(produtosParaVenda(codigo))).items;
      const lido = encontrados.find((p) => p.codigoBarras === codigo);
      if (lido) {
        if (onAdd(lido, 1)) {
          setBusca('');
          setLeitura({ ok: true, texto: t('nova.produtos.lido', { nome: lido.nome }) });
        }
      } else if (encontrados.length === 1) {
        escolher(encontrados[0]!);
        quantidade$.current?.focus();
      } else if (encontrados.length === 0) {
        setLeitura({ ok: false, texto: t('nova.produtos.naoEncontrado', { termo: codigo }) });
      } else {
        select$.current?.focus();
      }
    } catch (error) {
      toastError(error, 'vendas:nova.produtos.erroBusca');
    } finally {
      setLendo(false);
    }
  }

  function escolher(produto: Produto | null) {
    setProdutoId(produto?.id ?? '');
    setEscolhido(produto);
  }

  function adicionar() {
    if (!escolhido) return;
    const n = parseQuantidade(quantidade, fmt.locale);
    setQuantidadeInvalida(n === null);
    if (n === null) return;
    if (onAdd(escolhido, n)) {
      setProdutoId('');
      setEscolhido(null);
      setQuantidade('1');
      // "Adicionar" is disabled now: the focus goes back to the product select for the next item.
      select$.current?.focus();
    }
  }

  const itens = produtos.data?.items ?? [];
  // Nothing to sell yet: say so and lead to the catalogue instead of an empty select.
  if (!termo && produtos.data && produtos.data.total === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-4 text-center">
          <PackageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <div>
            <h2 className="font-medium">{t('nova.produtos.catalogoVazio')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('nova.produtos.catalogoVazioHint')}</p>
          </div>
          <Button asChild>
            <Link to="/produtos">
              <PlusIcon aria-hidden="true" />
              {t('nova.produtos.cadastrar')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base">
            <PackageIcon className="size-4" aria-hidden="true" />
            {t('nova.produtos.title')}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={searchId}>{t('nova.produtos.search')}</Label>
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('nova.produtos.searchPlaceholder')}
            value={busca}
            aria-describedby={leitura ? leituraId : undefined}
            onChange={(event) => {
              setBusca(event.target.value);
              setLeitura(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void buscarAgora();
            }}
          />
          <p id={leituraId} aria-live="polite" className={cn('text-sm empty:hidden', leitura?.ok ? 'text-muted-foreground' : 'text-destructive')}>
            {leitura?.texto}
          </p>
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
                {t('nova.produtos.option', { nome: p.nome, preco: fmt.money(p.precoVenda), estoque: fmt.integer(p.estoqueAtual) })}
              </option>
            ))}
          </NativeSelect>
          {produtos.isError && (
            // Without it the select just stays empty, as if the catalogue had nothing to sell.
            <LoadError className="py-2" title={t('nova.produtos.loadError')} error={produtos.error} onRetry={() => void produtos.refetch()} />
          )}
          {escolhido && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('nova.produtos.price', { preco: fmt.money(escolhido.precoVenda) })}
            </p>
          )}
        </div>
        <div className="flex items-end gap-2">
          <div className="grid w-28 gap-2">
            <Label htmlFor={quantidadeId}>{t('nova.produtos.quantidade')}</Label>
            <Input
              ref={quantidade$}
              id={quantidadeId}
              inputMode="numeric"
              autoComplete="off"
              className="text-right tabular-nums"
              value={quantidade}
              aria-invalid={quantidadeInvalida || undefined}
              aria-describedby={quantidadeInvalida ? erroId : undefined}
              onChange={(event) => {
                setQuantidade(event.target.value);
                setQuantidadeInvalida(false);
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
        {quantidadeInvalida && (
          <p id={erroId} role="alert" className="-mt-2 text-sm text-destructive">
            {t('nova.produtos.quantidadeInvalida', { max: fmt.integer(MAX_QUANTIDADE_ITEM) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
