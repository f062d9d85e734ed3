import type { Notificacao } from '@caderneta/shared';
import CheckIcon from 'lucide-react/icons/check';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { linkDaNotificacao, tempoRelativo, useTextoNotificacao } from '../texto';
import { IconeNotificacao } from './icone-notificacao';

interface NotificacaoRowProps {
  notificacao: Notificacao;
  onMarcarLida: (n: Notificacao) => void;
  /** While this notification is being marked. */
  busy?: boolean;
}

/** One notification of /notificacoes: what happened, when, a link to its record, "Marcar como lida". */
export function NotificacaoRow({ notificacao: n, onMarcarLida, busy = false }: NotificacaoRowProps) {
  const { t, i18n } = useTranslation('notificacoes');
  const fmt = useFormatters();
  const textoDe = useTextoNotificacao();
  const { title, text } = textoDe(n);
  const link = linkDaNotificacao(n);
  return (
    <li className={cn('flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center', !n.lida && 'bg-accent/30')}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <IconeNotificacao tipo={n.tipo} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            {link ? (
              <Link
                to={link}
                className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                onClick={() => {
                  if (!n.lida) onMarcarLida(n);
                }}
              >
                {title}
              </Link>
            ) : (
              title
            )}
            {!n.lida && <Badge variant="secondary">{t('list.unread')}</Badge>}
          </h2>
          <p className="text-sm break-words text-muted-foreground">{text}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={n.data} title={fmt.dateTime(n.data)}>
              {tempoRelativo(n.data, i18n.resolvedLanguage ?? 'pt-BR')}
            </time>
          </p>
        </div>
      </div>
      {!n.lida && (
        <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={busy} onClick={() => onMarcarLida(n)} aria-label={t('actions.markReadOf', { title })}>
          <CheckIcon aria-hidden="true" />
          {t('actions.markRead')}
        </Button>
      )}
    </li>
  );
}
