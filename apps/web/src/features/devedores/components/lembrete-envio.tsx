import type { Devedor } from '@caderneta/shared';
import CheckIcon from 'lucide-react/icons/check';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { usePode } from '@/lib/permissoes';
import { toast } from '@/lib/toast';
import { useCreateLembrete } from '../api/create-lembrete';

/*
 * Opening WhatsApp cannot tell whether the seller sent the message. The debtors whose WhatsApp was
 * opened here and not yet marked (or dismissed) stay asked on their card until the seller answers —
 * not in a toast that goes away after a few seconds, while the seller is in WhatsApp. Kept for the
 * app's lifetime in this tab, across pages and list refreshes.
 */
const abertos = new Set<string>();
const listeners = new Set<() => void>();
let versao = 0;
const mudou = () => {
  versao++;
  for (const listener of listeners) listener();
};

/** WhatsApp was opened for this debtor (the card's button, or the details' quick action). */
export function whatsappAberto(clienteId: string): void {
  abertos.add(clienteId);
  mudou();
}

function esquecer(clienteId: string): void {
  if (abertos.delete(clienteId)) mudou();
}

function useAberto(clienteId: string): boolean {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => versao,
  );
  return abertos.has(clienteId);
}

type DevedorLembrete = Pick<Devedor, 'id' | 'nome'> & Partial<Pick<Devedor, 'contestacaoAberta'>>;

function useMarcarEnviado(devedor: DevedorLembrete) {
  const { t } = useTranslation('devedores');
  const registrar = useCreateLembrete();
  const marcar = () =>
    registrar.mutate(devedor.id, {
      onSuccess: () => {
        esquecer(devedor.id);
        toast.success(t('toast.lembreteRegistrado'), { description: t('toast.lembreteRegistradoDescription', { nome: devedor.nome }) });
      },
      onError: (error) => toastError(error, 'devedores:toast.lembreteErro'),
    });
  return { marcar, busy: registrar.isPending };
}

/**
 * "Marcar como enviado" among the debtor's actions: the seller sent the message some other way, or
 * answers later. While WhatsApp is open and unanswered, `LembreteAberto` asks instead.
 */
export function MarcarEnviado({ devedor, className }: { devedor: DevedorLembrete; className?: string }) {
  const { t } = useTranslation('devedores');
  const aberto = useAberto(devedor.id);
  const { marcar, busy } = useMarcarEnviado(devedor);
  // Recording a reminder is changing the customer's collection (`editar_clientes`).
  const registra = usePode('editar_clientes');
  // Paused while the customer's dispute is open: the server refuses the reminder.
  if (aberto || !registra || devedor.contestacaoAberta) return null;
  return (
    <Button type="button" variant="ghost" className={className} aria-label={t('card.marcarEnviadoLabel', { nome: devedor.nome })} disabled={busy} onClick={marcar}>
      <CheckIcon aria-hidden="true" />
      {busy ? t('card.marcando') : t('card.marcarEnviado')}
    </Button>
  );
}

/** After WhatsApp was opened: "Enviou a mensagem?", until the seller marks it sent or says no. */
export function LembreteAberto({ devedor }: { devedor: DevedorLembrete }) {
  const { t } = useTranslation('devedores');
  const aberto = useAberto(devedor.id);
  const { marcar, busy } = useMarcarEnviado(devedor);
  const registra = usePode('editar_clientes');
  if (!aberto || !registra) return null;
  return (
    <div role="group" aria-label={t('card.whatsappAberto', { nome: devedor.nome })} className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
      <p>
        <span className="font-medium">{t('card.whatsappAberto', { nome: devedor.nome })}</span> {t('card.whatsappAbertoPergunta')}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button type="button" aria-label={t('card.marcarEnviadoLabel', { nome: devedor.nome })} disabled={busy} onClick={marcar}>
          <CheckIcon aria-hidden="true" />
          {busy ? t('card.marcando') : t('card.marcarEnviado')}
        </Button>
        <Button type="button" variant="ghost" disabled={busy} onClick={() => esquecer(devedor.id)}>
          {t('card.naoEnviei')}
        </Button>
      </div>
    </div>
  );
}
