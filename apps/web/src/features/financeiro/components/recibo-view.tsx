import { formatPhone, type Language, reciboTexto, resultadoPagamento } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useRecibo } from '../api/get-recibo';
import { AcoesDoDocumento } from './acoes-do-documento';
import { notaTexto, resultadoTexto } from './resultado-texto';

/**
 * A payment's receipt as a printable page (the buttons do not print) and as WhatsApp text built by
 * the same shared function the API uses, in the interface's language.
 */
export function ReciboView({ id }: { id: string }) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const { perfil } = useSession();
  const navigate = useNavigate();
  const query = useRecibo(id);
  const recibo = query.data;

  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        {t('recibo.loading')}
      </p>
    );
  }
  if (!recibo) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-16 text-center">
        <p className="font-medium">{t('toast.reciboErro')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {t('recibo.voltar')}
        </Button>
      </div>
    );
  }

  const texto = reciboTexto(recibo, currentLanguage() as Language, perfil.moeda, perfil.fusoHorario);

  return (
    // Print: the same receipt, black on white (index.css), as wide as the paper allows up to
    // max-w-md — a full line on an 80 mm roll, a slip at the top of an A4 sheet.
    <div className="mx-auto grid w-full max-w-md gap-6 print:gap-0">
      <AcoesDoDocumento texto={texto} telefone={recibo.cliente.telefone} copiado={t('recibo.copiado')} copiarErro={t('toast.reciboErro')} />

      <article aria-labelledby="recibo-title" className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm print:rounded-none print:border-0 print:p-0 print:text-[10pt] print:shadow-none">
        <header className="border-b pb-4 text-center">
          <p className="text-xl font-bold [overflow-wrap:anywhere] print:text-[13pt]">{recibo.loja.nome}</p>
          {recibo.loja.endereco && <p className="text-sm text-muted-foreground">{recibo.loja.endereco}</p>}
          {recibo.loja.telefone && <p className="text-sm text-muted-foreground">{formatPhone(recibo.loja.telefone)}</p>}
          <h1 id="recibo-title" className="mt-4 text-lg font-semibold">
            {t('recibo.title')}
          </h1>
          <p className="font-mono text-sm text-muted-foreground">{t('recibo.numero', { numero: recibo.numero })}</p>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 py-4 text-sm">
          <dt className="text-muted-foreground">{t('recibo.cliente')}</dt>
          <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{recibo.cliente.nome}</dd>
          <dt className="text-muted-foreground">{t('recibo.data')}</dt>
          <dd className="text-right tabular-nums">{fmt.dateTime(recibo.data)}</dd>
          <dt className="text-muted-foreground">{t('recibo.metodo')}</dt>
          <dd className="text-right">{t(`metodos.${recibo.metodo}`)}</dd>
          {recibo.observacao && (
            <>
              <dt className="text-muted-foreground">{t('recibo.observacao')}</dt>
              <dd className="min-w-0 text-right [overflow-wrap:anywhere]">{notaTexto(t, recibo.observacao)}</dd>
            </>
          )}
          {recibo.recebidoPor && (
            <>
              <dt className="text-muted-foreground">{t('recibo.recebidoPor')}</dt>
              <dd className="min-w-0 text-right [overflow-wrap:anywhere]">{recibo.recebidoPor}</dd>
            </>
          )}
          <div className="col-span-2 flex items-baseline justify-between gap-4 border-t pt-3">
            <dt className="text-base font-semibold">{t('recibo.valor')}</dt>
            <dd className="text-right text-2xl font-bold [overflow-wrap:anywhere] tabular-nums print:text-[15pt]">{fmt.money(recibo.valor)}</dd>
          </div>
        </dl>
        {recibo.estornadoEm ? (
          // Given back by Mercado Pago: this payment settles nothing, whatever it left owing then.
          <p role="note" className="rounded-md border-2 border-destructive px-3 py-2 text-center text-sm font-bold text-destructive print:border-black print:text-black">
            {t('recibo.estornado', { data: fmt.dateTime(recibo.estornadoEm) })}
          </p>
        ) : (
          <p className="rounded-md bg-muted px-3 py-2 text-center text-sm font-medium print:border print:border-black">
            {resultadoTexto(t, resultadoPagamento(recibo.saldoApos), fmt.money)}
          </p>
        )}
        <p className="mt-4 text-center text-sm text-muted-foreground">{t('recibo.obrigado')}</p>
      </article>
    </div>
  );
}
