import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PopupProps } from '@/components/layout/deferred-popup';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toastError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useNotificacoesResumo } from '../api/get-resumo';
import { useMarkNotificacaoLida } from '../api/mark-notificacao-lida';
import { useMarkNotificacoesLidas } from '../api/mark-notificacoes-lidas';
import { linkDaNotificacao, tempoRelativo, useTextoNotificacao } from '../texto';
import { IconeNotificacao } from './icone-notificacao';

/** The bell's menu with the latest notifications, loaded on first use (NotificationBell). */
export function NotificationMenu({ trigger, defaultOpen }: PopupProps) {
  const { t, i18n } = useTranslation('notificacoes');
  const navigate = useNavigate();
  const resumo = useNotificacoesResumo();
  const marcarLida = useMarkNotificacaoLida();
  const marcarTodas = useMarkNotificacoesLidas();
  const textoDe = useTextoNotificacao();
  const naoLidas = resumo.data?.naoLidas ?? 0;

  return (
    // Not modal: a modal menu hides the whole app with aria-hidden while it still has focusable
    // content (axe: aria-hidden-focus). Focus still moves into the menu; Escape and a tap outside close it.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel className="flex items-center justify-between gap-2">
          <span>{t('bell.label')}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {resumo.isError && !resumo.data && <p className="px-2 py-3 text-sm text-muted-foreground">{t('bell.loadError')}</p>}
        {resumo.data && resumo.data.recentes.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">{t('bell.empty')}</p>}
        {resumo.data?.recentes.map((n) => {
          const { title, text } = textoDe(n);
          const link = linkDaNotificacao(n);
          return (
            <DropdownMenuItem
              key={n.id}
              className={cn('items-start gap-3 py-2', !n.lida && 'bg-accent/40')}
              onSelect={() => {
                if (!n.lida) marcarLida.mutate(n.id, { onError: (error) => toastError(error, 'notificacoes:toast.markError') });
                if (link) void navigate(link);
              }}
            >
              <IconeNotificacao tipo={n.tipo} className="size-8" />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex items-center gap-2 text-sm font-medium">
                  {title}
                  {!n.lida && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('list.unread')} role="img" />}
                </span>
                <span className="text-sm break-words whitespace-normal text-muted-foreground">{text}</span>
                <span className="text-xs text-muted-foreground">{tempoRelativo(n.data, i18n.resolvedLanguage ?? 'pt-BR')}</span>
              </span>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        {naoLidas > 0 && (
          <DropdownMenuItem
            disabled={marcarTodas.isPending}
            onSelect={(event) => {
              event.preventDefault();
              marcarTodas.mutate(undefined, { onError: (error) => toastError(error, 'notificacoes:toast.markError') });
            }}
          >
            {t('actions.markAll')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to="/notificacoes">{t('bell.seeAll')}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
