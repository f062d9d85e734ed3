import { type Desconto, TIPOS_DESCONTO, type TipoDesconto, valorDoDesconto } from '@caderneta/shared/descontos';
import { centsToInput } from '@caderneta/shared/money';
import { SIMBOLO_UNIDADE } from '@caderneta/shared/unidades';
import { type FormEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyPreview } from '@/components/money-preview';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { InputDeValor } from './campo-valor-avulso';
import { Label } from '@/components/ui/label';
import { useFormatters } from '@/lib/format';
import {
  type AjusteDaLinha,
  type AjustesPermitidos,
  ajustarLinha,
  chaveDaLinha,
  ehAvulso,
  type ItemCarrinho,
  lerDesconto,
  lerPreco,
  linhaAcimaDoMaximo,
  precoCobrado,
  resumoCarrinho,
  valorBruto,
} from '../carrinho';

/** Why a price or a discount is refused: a key of the validation texts, as the server's own issues. */
type MotivoRecusado = 'precoVendaInvalido' | 'tooLarge' | 'descontoInvalido' | 'descontoPercentualInvalido' | 'descontoAcimaDoValor';

/** A discount as its field shows it: "1,50" (by the language's rules) or "10". */
function textoDoDesconto(desconto: Desconto | null | undefined, decimal: string): string {
  if (!desconto) return '';
  return desconto.tipo === 'valor' ? centsToInput(desconto.valor, decimal) : String(desconto.valor);
}

/**
 * A discount as typed: "Valor" or "Porcentagem (%)" and the amount. A "%" typed after the amount
 * makes it a percentage ("10%" at keyboard speed). Empty is no discount.
 */
function CampoDesconto({
  tipo,
  onTipo,
  texto,
  onTexto,
  erro,
  maximo,
  ref,
}: {
  tipo: TipoDesconto;
  onTipo: (tipo: TipoDesconto) => void;
  texto: string;
  onTexto: (texto: string) => void;
  erro: string | null;
  /** The most the person selling may give on a line, in percent (issue 37); said under the field below 100. */
  maximo: number;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('vendas');
  const grupo = useId();
  const id = useId();
  const erroId = useId();
  const dicaId = useId();
  return (
    <div className="grid gap-2">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('nova.desconto.tipo')}</legend>
        <div className="flex flex-wrap gap-2">
          {TIPOS_DESCONTO.map((opcao) => (
            <label
              key={opcao}
              className="flex h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-checked:border-primary has-checked:font-medium has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
            >
              <input type="radio" name={grupo} value={opcao} checked={tipo === opcao} onChange={() => onTipo(opcao)} className="size-4 accent-primary" />
              {t(`nova.desconto.tipos.${opcao}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Label htmlFor={id}>{t('nova.desconto.valor')}</Label>
      <Input
        ref={ref}
        id={id}
        inputMode={tipo === 'valor' ? 'decimal' : 'numeric'}
        autoComplete="off"
        className="max-w-48 text-right tabular-nums"
        placeholder={tipo === 'valor' ? t('nova.desconto.valorPlaceholder') : t('nova.desconto.percentualPlaceholder')}
        value={texto}
        aria-invalid={erro !== null || undefined}
        aria-describedby={erro !== null ? `${erroId} ${dicaId}` : dicaId}
        onChange={(event) => {
          const novo = event.target.value;
          if (/%\s*$/.test(novo)) onTipo('percentual');
          onTexto(novo);
        }}
      />
      {tipo === 'valor' && <MoneyPreview text={texto} />}
      <p id={dicaId} className="text-xs text-muted-foreground">
        {t('nova.desconto.vazio')}
        {maximo < 100 && ` ${t('nova.desconto.maximo', { maximo })}`}
      </p>
      {erro !== null && (
        <p id={erroId} role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
    </div>
  );
}

/** What the dialog would leave: a few label / amount lines, read out as they change. */
function Previa({ linhas }: { linhas: Array<{ rotulo: string; valor: string; forte?: boolean }> }) {
  return (
    <dl aria-live="polite" className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm">
      {linhas.map((l) => (
        <div key={l.rotulo} className="contents">
          <dt className={l.forte ? 'font-semibold' : 'text-muted-foreground'}>{l.rotulo}</dt>
          <dd className={l.forte ? 'text-right font-semibold tabular-nums' : 'text-right tabular-nums'}>{l.valor}</dd>
        </div>
      ))}
    </dl>
  );
}

function Moldura({
  title,
  description,
  onClose,
  onSubmit,
  onOpenAutoFocus,
  children,
  remover,
}: {
  title: string;
  description: string;
  onClose: () => void;
  onSubmit: () => void;
  onOpenAutoFocus: (event: Event) => void;
  children: ReactNode;
  /** "Remover desconto": shown when there is one to remove. */
  remover?: () => void;
}) {
  const { t } = useTranslation('vendas');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onOpenAutoFocus={onOpenAutoFocus} className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event: FormEvent) => {
            // Its own form, inside the counter's: "Aplicar" never finishes the sale.
            event.preventDefault();
            event.stopPropagation();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            {remover && (
              <Button type="button" variant="ghost" className="sm:mr-auto" onClick={remover}>
                {t('nova.desconto.remover')}
              </Button>
            )}
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('nova.desconto.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit">{t('nova.desconto.aplicar')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface DescontoLinhaDialogProps {
  item: ItemCarrinho;
  /** The line's name as the cart shows it ("Queijo Minas", "Avulso — pão e leite"). */
  nome: string;
  /**
   * Sets the line's price and discount: null when done, else why the cart refused them (a discount
   * above the line, or above what the person may give), said under the discount field.
   */
  onApply: (ajuste: AjusteDaLinha) => string | null;
  onClose: () => void;
  /** What the person selling may change here (issue 37): the other field is not shown. */
  ajustes: AjustesPermitidos;
  /** The most they may give on a line, in percent. */
  descontoMaximo: number;
}

/**
 * "Desconto / preço" on a cart line: the unit price changed at the counter (the catalogue's beside
 * it) and the line's own discount, as a value or a whole percentage. Anything that is not a price,
 * not a discount or a discount above the line is refused with a message, and nothing changes.
 */
export function DescontoLinhaDialog({ item, nome, onApply, onClose, ajustes, descontoMaximo }: DescontoLinhaDialogProps) {
  const { t } = useTranslation(['vendas', 'validation']);
  const fmt = useFormatters();
  const precoId = useId();
  const precoErroId = useId();
  const precoDicaId = useId();
  // Only a product has a price to change, and only for who may change it.
  const produto = ehAvulso(item) || !ajustes.preco ? null : item;
  const [preco, setPreco] = useState(() => (produto ? centsToInput(precoCobrado(produto), fmt.decimalSeparator) : ''));
  const [tipo, setTipo] = useState<TipoDesconto>(item.desconto?.tipo ?? 'valor');
  const [texto, setTexto] = useState(() => textoDoDesconto(item.desconto, fmt.decimalSeparator));
  const [erroPreco, setErroPreco] = useState<string | null>(null);
  const [erroDesconto, setErroDesconto] = useState<string | null>(null);
  const preco$ = useRef<HTMLInputElement>(null);
  const desconto$ = useRef<HTMLInputElement>(null);

  /** The price and discount as typed now, or why not. */
  function ler(): { ok: true; ajuste: AjusteDaLinha } | { ok: false; campo: 'preco' | 'desconto'; erro: MotivoRecusado } {
    let precoUnitario: number | null = null;
    if (produto) {
      const lido = lerPreco(preco, fmt.locale);
      if (!lido.ok) return { ok: false, campo: 'preco', erro: lido.erro };
      precoUnitario = lido.preco;
    }
    let desconto: Desconto | null = null;
    if (ajustes.desconto && texto.trim()) {
      const lido = lerDesconto(tipo, texto, fmt.locale);
      if (!lido.ok) return { ok: false, campo: 'desconto', erro: lido.erro };
      desconto = lido.desconto;
    }
    const ajuste = { precoUnitario, desconto };
    const resultado = ajustarLinha([item], chaveDaLinha(item), ajuste);
    if (!resultado.ok) return { ok: false, campo: 'desconto', erro: resultado.erro };
    return { ok: true, ajuste };
  }

  function aplicar() {
    const lido = ler();
    if (!lido.ok) {
      const mensagem = t(`validation:${lido.erro}`);
      if (lido.campo === 'preco') {
        setErroPreco(mensagem);
        preco$.current?.focus();
      } else {
        setErroDesconto(mensagem);
        desconto$.current?.focus();
      }
      return;
    }
    const recusado = onApply(lido.ajuste);
    if (recusado === null) return;
    if (ajustes.desconto) {
      setErroDesconto(recusado);
      desconto$.current?.focus();
    } else {
      setErroPreco(recusado);
      preco$.current?.focus();
    }
  }

  // The line as it would be, while what is typed reads as a price and a discount that fit.
  const lido = ler();
  const previa = lido.ok ? ajustarLinha([item], chaveDaLinha(item), lido.ajuste) : null;
  const linha = previa?.ok ? previa.itens[0]! : null;
  const bruto = linha ? valorBruto(linha) : null;
  const desconto = linha && bruto !== null ? (valorDoDesconto(bruto, linha.desconto) ?? 0) : 0;

  // The dialog says what it changes: the price, the discount, or both.
  const so = !produto ? 'Desconto' : !ajustes.desconto ? 'Preco' : '';
  return (
    <Moldura
      title={t(`nova.desconto.titleLinha${so}`)}
      description={t(`nova.desconto.descriptionLinha${so}`, { nome })}
      onClose={onClose}
      onSubmit={aplicar}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        (preco$.current ?? desconto$.current)?.focus();
      }}
      remover={item.desconto && ajustes.desconto ? () => void onApply({ precoUnitario: produto?.precoUnitario ?? null, desconto: null }) : undefined}
    >
      {produto && (
        <div className="grid gap-2">
          <Label htmlFor={precoId}>{produto.unidade === 'un' ? t('nova.desconto.preco') : t('nova.desconto.precoPor', { unidade: SIMBOLO_UNIDADE[produto.unidade] })}</Label>
          <div className="flex flex-wrap items-center gap-2">
            <InputDeValor
              ref={preco$}
              id={precoId}
              value={preco}
              erro={erroPreco !== null}
              aria-describedby={erroPreco !== null ? `${precoErroId} ${precoDicaId}` : precoDicaId}
              onChange={(event) => {
                setPreco(event.target.value);
                setErroPreco(null);
              }}
            />
            {preco.trim() !== centsToInput(produto.precoVenda, fmt.decimalSeparator) && (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setPreco(centsToInput(produto.precoVenda, fmt.decimalSeparator));
                  setErroPreco(null);
                  preco$.current?.focus();
                }}
              >
                {t('nova.desconto.usarTabela')}
              </Button>
            )}
          </div>
          <MoneyPreview text={preco} />
          <p id={precoDicaId} className="text-xs text-muted-foreground">
            {t('nova.desconto.precoTabela', { preco: fmt.preco(produto.precoVenda, produto.unidade) })}
          </p>
          {erroPreco !== null && (
            <p id={precoErroId} role="alert" className="text-sm text-destructive">
              {erroPreco}
            </p>
          )}
        </div>
      )}
      {ajustes.desconto && (
        <CampoDesconto
          ref={desconto$}
          tipo={tipo}
          onTipo={(novo) => {
            setTipo(novo);
            setErroDesconto(null);
          }}
          texto={texto}
          onTexto={(novo) => {
            setTexto(novo);
            setErroDesconto(null);
          }}
          erro={erroDesconto}
          maximo={descontoMaximo}
        />
      )}
      {linha && bruto !== null && (
        <Previa
          linhas={[
            {
              rotulo: ehAvulso(linha) ? t('nova.desconto.valorAvulso') : t('nova.itens.linha', { quantidade: fmt.quantidade(linha.quantidade, linha.unidade), preco: fmt.preco(precoCobrado(linha), linha.unidade) }),
              valor: fmt.money(bruto),
            },
            ...(desconto > 0 ? [{ rotulo: t('nova.desconto.desconto'), valor: t('nova.desconto.menos', { valor: fmt.money(desconto) }) }] : []),
            { rotulo: t('nova.desconto.valorLinha'), valor: fmt.money(bruto - desconto), forte: true },
          ]}
        />
      )}
    </Moldura>
  );
}

interface DescontoVendaDialogProps {
  itens: ItemCarrinho[];
  /** The line names, to say which line's own discount no longer fits. */
  nomeDaLinha: (item: ItemCarrinho) => string;
  desconto: Desconto | null;
  /** Checked against the sale: the dialog closes itself after. Null removes it. */
  onApply: (desconto: Desconto | null) => void;
  onClose: () => void;
  /** The most the person selling may give on a line, in percent, counting its share of this one (issue 37). */
  descontoMaximo: number;
}

/**
 * "Desconto na venda" (F6): a discount on the whole sale, after the lines' own, as a value or a
 * whole percentage. The subtotal, the discount and the total it leaves are the server's own figures
 * (calcularDescontos); a discount above the sale, or one that leaves it worth nothing, is refused.
 */
export function DescontoVendaDialog({ itens, nomeDaLinha, desconto: atual, onApply, onClose, descontoMaximo }: DescontoVendaDialogProps) {
  const { t } = useTranslation(['vendas', 'validation']);
  const fmt = useFormatters();
  const [tipo, setTipo] = useState<TipoDesconto>(atual?.tipo ?? 'valor');
  const [texto, setTexto] = useState(() => textoDoDesconto(atual, fmt.decimalSeparator));
  const [erro, setErro] = useState<string | null>(null);
  const desconto$ = useRef<HTMLInputElement>(null);

  function ler(): { ok: true; desconto: Desconto | null } | { ok: false; erro: string } {
    let desconto: Desconto | null = null;
    if (texto.trim()) {
      const lido = lerDesconto(tipo, texto, fmt.locale);
      if (!lido.ok) return { ok: false, erro: t(`validation:${lido.erro}`) };
      desconto = lido.desconto;
    }
    const resumo = resumoCarrinho(itens, desconto);
    if (resumo.erro) {
      if ('linha' in resumo.erro) return { ok: false, erro: t('nova.desconto.erroLinha', { nome: nomeDaLinha(itens[resumo.erro.linha]!) }) };
      return { ok: false, erro: t(`validation:${'venda' in resumo.erro ? 'descontoAcimaDoValor' : 'vendaSemValor'}`) };
    }
    if (linhaAcimaDoMaximo(itens, desconto, descontoMaximo) !== null) return { ok: false, erro: t('nova.desconto.acimaDoMaximo', { maximo: descontoMaximo }) };
    return { ok: true, desconto };
  }

  function aplicar() {
    const lido = ler();
    if (!lido.ok) {
      setErro(lido.erro);
      desconto$.current?.focus();
      return;
    }
    onApply(lido.desconto);
  }

  const lido = ler();
  const resumo = lido.ok ? resumoCarrinho(itens, lido.desconto) : null;
  const semDesconto = resumoCarrinho(itens);
  return (
    <Moldura
      title={t('nova.desconto.titleVenda')}
      description={t('nova.desconto.descriptionVenda')}
      onClose={onClose}
      onSubmit={aplicar}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        desconto$.current?.focus();
      }}
      remover={atual ? () => onApply(null) : undefined}
    >
      <CampoDesconto
        ref={desconto$}
        tipo={tipo}
        onTipo={(novo) => {
          setTipo(novo);
          setErro(null);
        }}
        texto={texto}
        onTexto={(novo) => {
          setTexto(novo);
          setErro(null);
        }}
        erro={erro}
        maximo={descontoMaximo}
      />
      {resumo && resumo.total !== null && (
        <Previa
          linhas={[
            // What the sale's discount is taken from: the lines after their own discounts.
            { rotulo: t('nova.desconto.subtotalItens'), valor: fmt.money(semDesconto.total ?? 0) },
            ...(resumo.descontoVenda > 0 ? [{ rotulo: t('nova.desconto.descontoVenda'), valor: t('nova.desconto.menos', { valor: fmt.money(resumo.descontoVenda) }) }] : []),
            { rotulo: t('nova.resumo.total'), valor: fmt.money(resumo.total), forte: true },
          ]}
        />
      )}
    </Moldura>
  );
}
