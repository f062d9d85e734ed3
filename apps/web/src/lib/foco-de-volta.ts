import { useRef } from 'react';

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Focus goes back to what had it when a dialog opened. Radix returns it to the dialog's trigger,
 * but most dialogs here open from state ("Novo Cliente", a row's "Registrar pagamento", the
 * credit-limit question) with no trigger, and focus then fell to the page's body: the next Tab
 * started again at the top of the page. Handlers for a Radix content's onOpenAutoFocus and
 * onCloseAutoFocus, composed with the caller's own.
 */
export function useFocoDeVolta(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const origem = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const ativo = document.activeElement;
      origem.current = ativo instanceof HTMLElement && ativo !== document.body ? ativo : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const alvo = origem.current;
      origem.current = null;
      if (event.defaultPrevented || !alvo?.isConnected) return;
      event.preventDefault();
      alvo.focus();
    },
  };
}
