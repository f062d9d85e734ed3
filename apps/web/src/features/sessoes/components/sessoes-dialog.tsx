import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SessoesLista } from './sessoes-lista';

/** "Meus acessos" from the header's account menu: the person's devices, for everyone (Configurações may be closed to them). */
export function SessoesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('layout');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('sessoes.title')}</DialogTitle>
          <DialogDescription>{t('sessoes.description')}</DialogDescription>
        </DialogHeader>
        {open && <SessoesLista />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('sessoes.fechar')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
