import { linkDoCliente, type CobrancaConfig, type Devedor } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { mensagemDoDevedor, whatsappDoDevedor } from '../mensagem';
import { whatsappAberto } from './lembrete-envio';

type DevedorAcoes = Pick<Devedor, 'id' | 'nome' | 'telefone' | 'login' | 'saldoPendente' | 'dataVencimento' | 'diasEmAtraso' | 'faixa' | 'pix' | 'contestacaoAberta'>;

/**
 * The card's WhatsApp: the message of the debtor's tier, filled in. Opening it cannot tell whether
 * the seller sent it, so the card then asks until the seller answers (lembrete-envio.tsx). None
 * while the customer's dispute is open (the collection is paused).
 */
export function useWhatsappDoDevedor(devedor: DevedorAcoes, config: CobrancaConfig | undefined) {
  // A customer who disputed an entry is not collected from until the shop resolves it.
  const texto = config && !devedor.contestacaoAberta ? mensagemDoDevedor(devedor, config, window.location.origin) : null;
  const url = texto ? whatsappDoDevedor(devedor.telefone, texto) : null;
  return { texto, url, onOpen: () => whatsappAberto(devedor.id) };
}

/** "Link": copies {origin}/cliente/{login}, or says the customer has no login yet. */
export function useCopiarLink() {
  const { t } = useTranslation('devedores');
  return async (devedor: Pick<Devedor, 'nome' | 'login'>) => {
    if (!devedor.login) {
      toast.error(t('toast.semLoginTitle'), { description: t('toast.semLogin') });
      return;
    }
    const link = linkDoCliente(window.location.origin, devedor.login);
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('toast.linkCopiado'), { description: t('toast.linkCopiadoDescription', { nome: devedor.nome }) });
    } catch {
      // No clipboard (plain HTTP on a LAN, or refused): show the link so it can be copied by hand.
      toast.error(t('toast.copiarErro'), { description: t('toast.copiarErroDescription', { link }) });
    }
  };
}
