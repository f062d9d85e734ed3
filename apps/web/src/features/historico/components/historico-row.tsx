import type { AuditoriaItem } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkDoRegistro, type TextoHistorico } from '../texto';

/**
 * One change of the shop: what happened and when, who did it and to what (a link to the sale,
 * customer or product), the reason, the action's figures, and each field that changed as
 * "Campo: antes → depois".
 */
export function HistoricoRow({ item, texto }: { item: AuditoriaItem; texto: TextoHistorico }) {
  const { t } = useTranslation('historico');
  const titleId = `historico-${item.id}`;
  const registro = texto.registro(item);
  const link = linkDoRegistro(item);
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-1 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={titleId} className="font-semibold">
          {texto.acao(item.acao)}
        </h2>
        <time dateTime={item.em} className="text-sm text-muted-foreground tabular-nums">
          {texto.dataHora(item.em)}
        </time>
      </div>
      {/* Who, then what: on a phone one under the other (the link is a fingertip tall), beside each other from 640 px. */}
      <p className="flex flex-col text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-2">
        <span className="font-medium text-foreground [overflow-wrap:anywhere]">{texto.autor(item.autor)}</span>
        {registro && (
          <>
            <span aria-hidden="true" className="max-sm:hidden">
              ·
            </span>
            {link ? (
              <Link
                to={link}
                className="inline-flex min-h-11 w-fit items-center rounded-sm text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:pointer-fine:min-h-0"
              >
                {registro}
              </Link>
            ) : (
              <span className="[overflow-wrap:anywhere]">{registro}</span>
            )}
          </>
        )}
      </p>
      {texto.detalhes(item).map((linha) => (
        <p key={linha} className="text-sm tabular-nums">
          {linha}
        </p>
      ))}
      {item.motivo && (
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{t('row.motivo')}</span> {item.motivo}
        </p>
      )}
      {item.mudancas.length > 0 && (
        <ul aria-label={t('row.mudancas')} className="grid gap-0.5 text-sm">
          {item.mudancas.map((m, i) => {
            const linha = texto.mudanca(m, item);
            return (
              // The same field may change on several lines of a sale: the position keeps them apart.
              <li key={`${i}-${m.campo}`} className="[overflow-wrap:anywhere]">
                <span className="text-muted-foreground">
                  {linha.campo}
                  {linha.depois !== undefined && ':'}
                </span>
                {linha.antes !== undefined && ` ${linha.antes} →`}
                {linha.depois !== undefined && ` ${linha.depois}`}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
