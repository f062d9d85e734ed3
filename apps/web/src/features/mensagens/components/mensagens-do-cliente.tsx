import { ERRO_ENVIO_INTERROMPIDO, ERRO_WHATSAPP_DESLIGADO, MOTIVOS_LEMBRETE_CANCELADO, type MensagemCliente, type MotivoLembreteCancelado, type StatusMensagem } from '@caderneta/shared';
import MailIcon from 'lucide-react/icons/mail';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { useMensagens } from '../api/get-mensagens';

const VARIANTE: Record<StatusMensagem, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  pendente: 'outline',
  enviando: 'outline',
  enviada: 'secondary',
  entregue: 'secondary',
  lida: 'default',
  falhou: 'destructive',
  cancelada: 'outline',
};

/**
 * "Avisos automáticos" in a customer's Detalhes (docs/decisions/043): what the app wrote to the
 * customer by itself — each entry it told them of, where it went and how it went. Nothing at all
 * for a customer the app never wrote to.
 */
export function MensagensDoCliente({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('devedores');
  const query = useMensagens(clienteId);
  if (query.isPending) return null;
  if (!query.data) return <LoadError className="py-4" title={t('avisos.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return null;
  return (
    <section aria-labelledby={`mensagens-${clienteId}`} className="grid gap-2">
      <h3 id={`mensagens-${clienteId}`} className="text-sm font-semibold">
        {t('avisos.titulo')}
      </h3>
      <ul className="grid gap-2">
        {query.data.items.map((m) => (
          <MensagemItem key={m.id} mensagem={m} />
        ))}
      </ul>
    </section>
  );
}

function MensagemItem({ mensagem: m }: { mensagem: MensagemCliente }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const Icone = m.canal === 'email' ? MailIcon : MessageCircleIcon;
  const quando = m.enviadaEm ?? m.createdAt;
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {m.tipo === 'lembrete'
            ? t(`avisos.lembrete.${m.etapa ?? 'no_dia'}`, { valor: fmt.money(Math.abs(m.saldo ?? 0)), vencimento: m.vencimento ? fmt.date(m.vencimento) : '' })
            : t(`avisos.tipo.${m.tipo}`, { valor: fmt.money(Math.abs(m.valor ?? 0)) })}
        </span>
        <Badge variant={VARIANTE[m.status]}>{t(`avisos.status.${m.status}`)}</Badge>
      </div>
      <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        <Icone aria-hidden="true" className="size-4 shrink-0" />
        <span className="[overflow-wrap:anywhere]">{t(`avisos.canal.${m.canal}`, { destino: m.destino })}</span>
      </p>
      <p className="text-muted-foreground tabular-nums">
        {fmt.dateTime(quando)}
        {m.status === 'falhou' || (m.status === 'pendente' && m.erro)
          ? ` · ${m.erro === ERRO_ENVIO_INTERROMPIDO ? t('avisos.interrompida') : m.erro === ERRO_WHATSAPP_DESLIGADO ? t('avisos.whatsappDesligado') : t('avisos.erro', { erro: m.erro, count: m.tentativas })}`
          : ''}
        {m.status === 'cancelada' && m.erro && (MOTIVOS_LEMBRETE_CANCELADO as readonly string[]).includes(m.erro)
          ? ` · ${t(`avisos.cancelado.${m.erro as MotivoLembreteCancelado}`)}`
          : ''}
      </p>
    </li>
  );
}
