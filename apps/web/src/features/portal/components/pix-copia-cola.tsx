import CopyIcon from 'lucide-react/icons/copy';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A PIX to pay: QR code and "Copiar código PIX". The shop's static code for the pending amount
 * (the shop confirms it), or a Mercado Pago PIX made for this payment (`titulo`, `descricao` and
 * `validade` say so: it is credited by itself, until it expires).
 */
export function PixCopiaCola({ codigo, qrCode, valor, titulo, descricao, validade }: { codigo: string; qrCode: string; valor: string; titulo?: string; descricao?: string; validade?: string }) {
  const { t } = useTranslation('portal');
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(codigo);
      toast.success(t('toast.codigoCopiado'));
    } catch {
      toast.error(t('toast.erroCopiar'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{titulo ?? t('pix.title')}</h2>
        </CardTitle>
        <CardDescription>{descricao ?? t('pix.description')}</CardDescription>
        {validade ? <p className="text-sm font-medium">{validade}</p> : null}
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <img src={qrCode} alt={t('pix.qrAlt', { valor })} width={192} height={192} className="size-48 rounded-md bg-white" />
        <label className="w-full text-sm font-medium" htmlFor="pix-codigo">
          {t('pix.codigoLabel')}
        </label>
        <textarea
          id="pix-codigo"
          readOnly
          value={codigo}
          rows={3}
          className="w-full resize-none rounded-md border bg-muted/40 p-2 font-mono text-xs break-all"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" size="lg" className="w-full" onClick={() => void copiar()}>
          <CopyIcon aria-hidden="true" />
          {t('pix.copiar')}
        </Button>
      </CardContent>
    </Card>
  );
}
