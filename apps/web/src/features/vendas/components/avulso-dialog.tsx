import { MAX_DESCRICAO_AVULSO } from '@caderneta/shared/schemas/vendas';
import PlusIcon from 'lucide-react/icons/plus';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useFormatters } from '@/lib/format';
import { CampoValorAvulso } from './campo-valor-avulso';
import { lerAvulso } from '../carrinho';

interface AvulsoDialogProps {
  /** A value was read: the line goes into the sale (the dialog closes itself). */
  onAdd: (avulso: { descricao: string | null; valor: number }) => void;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the product search). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * "Avulso" at the counter (F8): a loose amount, "R$ 12,50 de pão e leite", with no product and no
 * stock. The value is read by the rules of the interface language; anything that is not a value
 * above zero is refused with a message, and nothing is added.
 */
export function AvulsoDialog({ onAdd, onClose, onCloseAutoFocus }: AvulsoDialogProps) {
  const { t } = useTranslation(['vendas', 'validation']);
  const fmt = useFormatters();
  const descricaoId = useId();
  const [descricao, setDescricao] = useState('');
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const valor$ = useRef<HTMLInputElement>(null);

  function adicionar() {
    const lido = lerAvulso(valor, descricao, fmt.locale);
    if (!lido.ok) {
      setErro(lido.campo === 'valor' && lido.erro === 'valorAvulsoInvalido' ? t('nova.avulso.valorInvalido') : t(`validation:${lido.erro}`));
      valor$.current?.focus();
      return;
    }
    onAdd({ descricao: lido.descricao, valor: lido.valor });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            // Its own form, inside the counter's: "Adicionar" never finishes the sale.
            event.preventDefault();
            event.stopPropagation();
            adicionar();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('nova.avulso.title')}</DialogTitle>
            <DialogDescription>{t('nova.avulso.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={descricaoId}>{t('nova.avulso.descricao')}</Label>
            <Input
              id={descricaoId}
              autoComplete="off"
              maxLength={MAX_DESCRICAO_AVULSO}
              placeholder={t('nova.avulso.descricaoPlaceholder')}
              value={descricao}
              onChange={(event) => setDescricao(event.target.value)}
              onKeyDown={(event) => {
                // Enter after the description goes on to the value, while there is none yet.
                if (event.key === 'Enter' && !valor.trim()) {
                  event.preventDefault();
                  valor$.current?.focus();
                }
              }}
            />
          </div>
          <CampoValorAvulso
            ref={valor$}
            label={t('nova.avulso.valor')}
            placeholder={t('nova.avulso.valorPlaceholder')}
            value={valor}
            erro={erro}
            onChange={(texto) => {
              setValor(texto);
              setErro(null);
            }}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('nova.avulso.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit">
              <PlusIcon aria-hidden="true" />
              {t('nova.avulso.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
