import { type Cliente, formatPhone } from '@caderneta/shared';
import PhoneIcon from 'lucide-react/icons/phone';
import UserIcon from 'lucide-react/icons/user';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError } from '@/components/load-error';
import { useFormatters } from '@/lib/format';
import { useCombobox } from '@/lib/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClientesParaVenda } from '../api/get-opcoes-venda';

interface ClientePickerProps {
  cliente: Cliente | null;
  onChange: (cliente: Cliente | null) => void;
  /** Why a customer is needed ("Finalizar Venda" without one): shown under the search. */
  erro?: string | null;
  /** Changed (a count) to put the focus on the search (with `erro` shown), or on "Trocar cliente" once one is chosen. */
  focar?: number;
}

/**
 * The customer of a fiado sale (spec §2): search by name or phone — each result shows the phone
 * and a "Devedor" badge with what they owe — or pick from the list. The chosen customer's card
 * warns in red when they already owe.
 */
export function ClientePicker({ cliente, onChange, erro = null, focar = 0 }: ClientePickerProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const searchId = useId();
  const erroId = useId();
  const busca$ = useRef<HTMLInputElement>(null);
  const trocar$ = useRef<HTMLButtonElement>(null);

  // Asked to finish without a customer: the field that needs filling takes the focus.
  // …and after "Trocar cliente", whose button is gone: the search is where the next choice starts.
  // Asked from the keyboard (F4) with a customer chosen: their card's "Trocar cliente".
  const [trocou, setTrocou] = useState(0);
  useEffect(() => {
    if (focar > 0 || trocou > 0) (busca$.current ?? trocar$.current)?.focus();
  }, [focar, trocou]);
  const selectId = useId();
  const [busca, setBusca] = useState('');
  const termo = useDebouncedValue(busca.trim(), 250);
  const resultados = useClientesParaVenda(termo, { pageSize: 8, enabled: termo.length > 0 });
  const lista = useClientesParaVenda('', { pageSize: 100 });

  const [escolhidoAgora, setEscolhidoAgora] = useState(false);

  function escolher(escolhido: Cliente | null) {
    onChange(escolhido);
    setBusca('');
    setEscolhidoAgora(escolhido !== null);
  }
  // Results of the text still in the box (a cleared box has none, whatever was fetched before).
  const encontrados = (termo && !resultados.isError && resultados.data?.items) || [];
  const combobox = useCombobox({ value: busca, items: encontrados, getKey: (c) => c.id, onPick: escolher });

  return (
    <Card>
      <CardTitulo className="text-base" icon={<UserIcon className="size-4" aria-hidden="true" />}>{t('nova.cliente.title')}</CardTitulo>
      {/* Single-column grids sized minmax(0, 1fr): a long name is cut with "…", never widening the page. */}
      <CardContent className="grid grid-cols-1 gap-4">
        {cliente ? (
          <ClienteEscolhido
            cliente={cliente}
            onChange={() => {
              escolher(null);
              setTrocou((n) => n + 1);
            }}
            focar={escolhidoAgora}
            trocarRef={trocar$}
          />
        ) : (
          <>
            <div className="grid grid-cols-1 gap-2">
              <Label htmlFor={searchId}>{t('nova.cliente.search')}</Label>
              <Input
                ref={busca$}
                id={searchId}
                aria-invalid={erro ? true : undefined}
                aria-describedby={erro ? erroId : undefined}
                type="search"
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t('nova.cliente.searchPlaceholder')}
                value={busca}
                onChange={(event) => setBusca(event.target.value)}
                {...combobox.inputProps}
              />
              {erro && (
                <p id={erroId} className="text-sm text-destructive">
                  {erro}
                </p>
              )}
              {termo && resultados.isError && (
                // A failed search is not "nobody found": that would send the seller to register the customer again.
                <LoadError className="py-2" title={t('nova.cliente.loadError')} error={resultados.error} onRetry={() => void resultados.refetch()} />
              )}
              {/* What the search found is said here (the count only to screen readers, the list shows the
                  rest); the results themselves are not read out on every keystroke. */}
              <div aria-live="polite" className={termo && !encontrados.length ? 'text-sm text-muted-foreground' : 'sr-only'}>
                {termo &&
                  !resultados.isError &&
                  (resultados.isPending
                    ? t('nova.cliente.searching')
                    : encontrados.length
                      ? t('nova.cliente.found', { count: encontrados.length })
                      : t('nova.cliente.none'))}
              </div>
              {combobox.expanded && (
                <ul {...combobox.listboxProps} aria-label={t('nova.cliente.results')} className="divide-y rounded-md border">
                  {encontrados.map((c) => (
                    <li
                      key={c.id}
                      {...combobox.optionProps(c)}
                      // The active result (↑/↓) has a strong background and a ring inside its edge, unlike
                      // the hover's light one; the focus itself stays in the search box.
                      className="flex min-h-11 w-full cursor-pointer flex-wrap items-center justify-between gap-2 px-3 py-2 text-left hover:bg-accent aria-selected:bg-primary/10 aria-selected:ring-2 aria-selected:ring-primary aria-selected:ring-inset"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{c.nome}</span>
                        <span className="block text-xs text-muted-foreground tabular-nums">{formatPhone(c.telefone)}</span>
                      </span>
                      {c.saldoPendente > 0 && (
                        <Badge variant="destructive">{t('nova.cliente.devedor', { valor: fmt.money(c.saldoPendente) })}</Badge>
                      )}
                      {c.saldoAtual > 0 && <CreditoBadge valor={c.saldoAtual} />}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="grid grid-cols-1 gap-2">
              <Label htmlFor={selectId}>{t('nova.cliente.select')}</Label>
              <NativeSelect
                id={selectId}
                value=""
                onChange={(event) => escolher(lista.data?.items.find((c) => c.id === event.target.value) ?? null)}
              >
                <option value="" disabled>
                  {t('nova.cliente.selectPlaceholder')}
                </option>
                {lista.data?.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.saldoPendente > 0
                      ? `${c.nome} — ${t('nova.cliente.devedor', { valor: fmt.money(c.saldoPendente) })}`
                      : c.saldoAtual > 0
                        ? `${c.nome} — ${t('nova.cliente.creditBadge', { valor: fmt.money(c.saldoAtual) })}`
                        : c.nome}
                  </option>
                ))}
              </NativeSelect>
              {lista.isError && <LoadError className="py-2" title={t('nova.cliente.loadError')} error={lista.error} onRetry={() => void lista.refetch()} />}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ClienteEscolhido({
  cliente,
  onChange,
  focar,
  trocarRef: trocar$,
}: {
  cliente: Cliente;
  onChange: () => void;
  focar: boolean;
  trocarRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('vendas');
  // Just chosen from the search or the list, which are gone now: the focus stays in the card.
  useEffect(() => {
    if (focar) trocar$.current?.focus();
  }, [focar, trocar$]);
  const fmt = useFormatters();
  const disponivel = Math.max(0, cliente.limiteCredito + cliente.saldoAtual);
  return (
    <div className="grid grid-cols-1 gap-3" aria-label={t('nova.cliente.title')} role="group">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{cliente.nome}</p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums">
            <PhoneIcon className="size-3.5" aria-hidden="true" />
            {formatPhone(cliente.telefone)}
          </p>
        </div>
        {cliente.saldoPendente > 0 && (
          <Badge variant="destructive">{t('nova.cliente.devedor', { valor: fmt.money(cliente.saldoPendente) })}</Badge>
        )}
        {cliente.saldoAtual > 0 && <CreditoBadge valor={cliente.saldoAtual} />}
      </div>
      {cliente.saldoPendente > 0 && (
        <p role="note" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {t('nova.cliente.debtNote', { valor: fmt.money(cliente.saldoPendente) })}
        </p>
      )}
      {cliente.saldoAtual > 0 && (
        <p className="text-sm text-emerald-700 dark:text-emerald-400">{t('nova.cliente.credit', { valor: fmt.money(cliente.saldoAtual) })}</p>
      )}
      <p className="text-sm text-muted-foreground">
        {t('nova.cliente.limit', { limite: fmt.money(cliente.limiteCredito), disponivel: fmt.money(disponivel) })}
      </p>
      <Button ref={trocar$} type="button" variant="outline" size="sm" className="w-fit" onClick={onChange}>
        {t('nova.cliente.change')}
      </Button>
    </div>
  );
}

/** A positive balance is credit in the shop: "Crédito R$ x", in the colour of money owed to the customer. */
function CreditoBadge({ valor }: { valor: number }) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  return <Badge className="bg-emerald-600 text-white dark:bg-emerald-700">{t('nova.cliente.creditBadge', { valor: fmt.money(valor) })}</Badge>;
}
