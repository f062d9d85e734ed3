import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * The keys of the counter, in the help's order. Each
 * line's keys and what they do are texts of the language: a Spanish keyboard says "Intro".
 */
const LINHAS = ['enter', 'setas', 'multiplicador', 'finalizar', 'cliente', 'desconto', 'avulso', 'limpar', 'ajuda'] as const;

type Linha = (typeof LINHAS)[number];

/** "?" at the counter: what each key does; `semLinhas`, the keys that do nothing for this person (issue 37). */
export function AtalhosDialog({ open, onOpenChange, semLinhas = [] }: { open: boolean; onOpenChange: (open: boolean) => void; semLinhas?: readonly Linha[] }) {
  const { t } = useTranslation('vendas');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('nova.atalhos.title')}</DialogTitle>
          <DialogDescription>{t('nova.atalhos.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3 text-sm">
          {LINHAS.filter((linha) => !semLinhas.includes(linha)).map((linha) => (
            <div key={linha} className="contents">
              <dt className="flex gap-1 whitespace-nowrap">
                {t(`nova.atalhos.${linha}.teclas`).split(' ').map((tecla) => (
                  <kbd key={tecla} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold">
                    {tecla}
                  </kbd>
                ))}
              </dt>
              <dd>{t(`nova.atalhos.${linha}.acao`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
