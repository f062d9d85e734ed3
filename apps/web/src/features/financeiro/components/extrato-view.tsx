import { MAX_PAGE_SIZE, type Extrato } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useExtrato } from '../api/get-extrato';
import { AcoesDoDocumento } from './acoes-do-documento';
import { useDescricaoLancamento, useValorAssinado } from './extrato-dialog';

/** How many entries a shared statement's text lists (a WhatsApp message stays readable). */
const LINHAS_NO_TEXTO = 30;

/**
 * A customer's statement as a page of its own, like a payment's receipt: printable (the buttons do
 * not print), sent over WhatsApp or copied as text — the newest 100 entries, and the balance.
 */
export function ExtratoView({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const { perfil } = useSession();
  const navigate = useNavigate();
  const query = useExtrato(clienteId, 1, MAX_PAGE_SIZE);
  const descricao = useDescricaoLancamento();
  const signed = useValorAssinado();
  const extrato = query.data;

  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        {t('extrato.loading')}
      </p>
    );
  }
  if (!extrato) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-16 text-center">
        <p className="font-medium">{t('toast.extratoErro')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {t('recibo.voltar')}
        </Button>
      </div>
    );
  }

  const emitido = fmt.dateTime(new Date().toISOString());
  const saldo = saldoTexto(t, extrato, fmt.money);
  const texto = [
    `*${perfil.nomeLoja}*`,
    t('extratoDocumento.textoTitulo', { nome: extrato.cliente.nome, data: emitido }),
    `*${saldo}*`,
    '',
    t('extratoDocumento.textoLancamentos'),
    ...extrato.items.slice(0, LINHAS_NO_TEXTO).map((item) => [fmt.dateTime(item.data), descricao(item), signed(item.valor), ...(item.por ? [t('extrato.por', { nome: item.por })] : [])].join(' · ')),
    ...(extrato.total > LINHAS_NO_TEXTO ? [t('extratoDocumento.textoMais', { count: extrato.total - LINHAS_NO_TEXTO })] : []),
  ].join('\n');

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 print:gap-0">
      <AcoesDoDocumento texto={texto} telefone={extrato.cliente.telefone} copiado={t('extratoDocumento.copiado')} copiarErro={t('extratoDocumento.copiarErro')} />

      <article aria-labelledby="extrato-title" className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6 print:rounded-none print:border-0 print:p-0 print:text-[10pt] print:shadow-none">
        <header className="border-b pb-4 text-center">
          <p className="text-xl font-bold [overflow-wrap:anywhere] print:text-[13pt]">{perfil.nomeLoja}</p>
          <h1 id="extrato-title" className="mt-2 text-lg font-semibold">
            {t('extratoDocumento.title', { nome: extrato.cliente.nome })}
          </h1>
          <p className="text-sm text-muted-foreground">{t('extratoDocumento.emitido', { data: emitido })}</p>
        </header>
        <p className={cn('py-4 text-center text-lg font-semibold tabular-nums', extrato.cliente.saldoPendente > 0 && 'text-destructive print:text-black')}>{saldo}</p>
        {extrato.items.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t('extrato.empty')}</p>
        ) : (
          // A list, not a table: on a phone and on an 80 mm roll each entry reads as one block.
          <ol aria-label={t('extrato.label')} className="divide-y border-y text-sm">
            {extrato.items.map((item) => (
              <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-2 break-inside-avoid">
                <span className="[overflow-wrap:anywhere]">
                  {descricao(item)}
                  {item.por && <span className="block text-xs text-muted-foreground">{t('extrato.por', { nome: item.por })}</span>}
                </span>
                <span className={cn('text-right font-medium whitespace-nowrap tabular-nums', item.valor < 0 ? 'text-destructive print:text-black' : 'text-emerald-700 dark:text-emerald-400 print:text-black')}>
                  {signed(item.valor)}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">{fmt.dateTime(item.data)}</span>
                <span className="text-right text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  {t('extratoDocumento.saldoDepois', { valor: item.saldo < 0 ? `−${fmt.money(-item.saldo)}` : fmt.money(item.saldo) })}
                </span>
              </li>
            ))}
          </ol>
        )}
        {extrato.total > extrato.items.length && (
          <p className="pt-3 text-center text-xs text-muted-foreground">{t('extratoDocumento.parcial', { mostrados: extrato.items.length, total: extrato.total })}</p>
        )}
      </article>
    </div>
  );
}

/** "Deve R$ 125,50", "Crédito de R$ 5,00" or "Em dia". */
function saldoTexto(t: ReturnType<typeof useTranslation<'financeiro'>>['t'], extrato: Extrato, money: (cents: number) => string): string {
  if (extrato.cliente.saldoPendente > 0) return t('saldo.deve', { valor: money(extrato.cliente.saldoPendente) });
  if (extrato.cliente.saldoAtual > 0) return t('saldo.credito', { valor: money(extrato.cliente.saldoAtual) });
  return t('saldo.emDia');
}
