import { whatsappLink } from '@caderneta/shared';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import CopyIcon from 'lucide-react/icons/copy';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import PrinterIcon from 'lucide-react/icons/printer';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

interface AcoesDoDocumentoProps {
  /** The document as WhatsApp text: sent, or copied. */
  texto: string;
  /** The customer's phone, for the WhatsApp link (none: WhatsApp asks whom to send it to). */
  telefone: string | null;
  /** The toasts after copying: done, and failed. */
  copiado: string;
  copiarErro: string;
}

/**
 * What a printable page of the ledger offers above the document (the receipt, the statement):
 * back, "Imprimir", "Enviar pelo WhatsApp" and "Copiar texto". None of it prints.
 */
export function AcoesDoDocumento({ texto, telefone, copiado, copiarErro }: AcoesDoDocumentoProps) {
  const { t } = useTranslation('financeiro');
  const navigate = useNavigate();

  async function copiar() {
    try {
      await navigator.clipboard.writeText(texto);
      toast.success(copiado);
    } catch (error) {
      console.error(error);
      toast.error(copiarErro);
    }
  }

  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="ghost" onClick={() => void navigate(-1)}>
        <ArrowLeftIcon aria-hidden="true" />
        {t('recibo.voltar')}
      </Button>
      <Button variant="outline" onClick={() => window.print()}>
        <PrinterIcon aria-hidden="true" />
        {t('recibo.imprimir')}
      </Button>
      <Button asChild>
        <a href={whatsappLink(telefone, texto)} target="_blank" rel="noopener noreferrer">
          <MessageCircleIcon aria-hidden="true" />
          {t('recibo.whatsapp')}
        </a>
      </Button>
      <Button variant="outline" onClick={() => void copiar()}>
        <CopyIcon aria-hidden="true" />
        {t('recibo.copiar')}
      </Button>
    </div>
  );
}
