import { useEffect, useRef } from 'react';

/**
 * The counter's keyboard shortcuts (issue 35): F2 finishes the sale, F4 goes to the customer,
 * F6 gives a discount on the whole sale, F8 adds a loose amount ("Avulso"), Esc clears the product
 * search, "?" shows this list. Listed in one place so the help shows what the keys do.
 */
export type Atalho = 'finalizar' | 'cliente' | 'desconto' | 'avulso' | 'limpar' | 'ajuda';

/** The keys as the help and `aria-keyshortcuts` name them. */
export const TECLAS: Record<Atalho, string> = { finalizar: 'F2', cliente: 'F4', desconto: 'F6', avulso: 'F8', limpar: 'Escape', ajuda: '?' };

type Tecla = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'defaultPrevented'> & { target: EventTarget | null };

/** A field where "?" and Esc are the person's own (typing, closing a list): not shortcuts there. */
function emCampo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Which shortcut a key press is, or null. F2, F4, F6 and F8 work from anywhere on the page, fields included
 * (they type nothing); "?" and Esc only outside a field — in the product search Esc is the field's
 * own (it clears it). A key something else already handled (defaultPrevented) and keys with Ctrl,
 * Alt or Meta (Alt+F4 is the system's) are left alone.
 */
export function atalhoDaTecla(tecla: Tecla): Atalho | null {
  if (tecla.defaultPrevented || tecla.ctrlKey || tecla.altKey || tecla.metaKey) return null;
  if (tecla.key === 'F2') return 'finalizar';
  if (tecla.key === 'F4') return 'cliente';
  if (tecla.key === 'F6') return 'desconto';
  if (tecla.key === 'F8') return 'avulso';
  if (emCampo(tecla.target)) return null;
  if (tecla.key === '?') return 'ajuda';
  if (tecla.key === 'Escape') return 'limpar';
  return null;
}

/** A dialog is open (this page's or the app's): its keys are its own, the page's shortcuts wait. */
const dialogoAberto = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Listens on the document while the counter is on screen. Runs after the page's own handlers (they
 * are React's, on the root below the document), so a key a field or list used is not taken twice.
 */
export function useAtalhosDoBalcao(acoes: Record<Atalho, () => void>) {
  const atual = useRef(acoes);
  useEffect(() => {
    atual.current = acoes;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const atalho = atalhoDaTecla(event);
      if (!atalho || dialogoAberto()) return;
      event.preventDefault();
      atual.current[atalho]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
