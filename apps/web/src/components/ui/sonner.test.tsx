import { act, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderApp } from '@/test/utils';
import { Toaster } from './sonner';

describe('Toaster', () => {
  it('names the notifications region and the close button in the interface language, not sonner\'s English', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Venda registrada com sucesso!');
    });
    expect(await screen.findByRole('region', { name: 'Notificações (Alt+T)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Fechar notificação' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close toast' })).not.toBeInTheDocument();

    await act(() => changeLanguage('es-ES'));
    expect(await screen.findByRole('region', { name: 'Notificaciones (Alt+T)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cerrar notificación' })).toBeInTheDocument();
  });

  describe('where the toasts stack', () => {
    afterEach(() => vi.restoreAllMocks());
    const wide = (matches: boolean) =>
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (media) => ({ matches, media, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
      );

    it("on a desktop, at the bottom right: never over the header or a page's own buttons", async () => {
      wide(true);
      // The app's own toaster, as its providers place it.
      renderApp('/');
      act(() => {
        toast.error('Erro ao salvar');
        toast.success('Configuração salva!');
      });
      await screen.findByText('Configuração salva!');
      const lista = document.querySelector('[data-sonner-toaster]');
      expect(lista).toHaveAttribute('data-y-position', 'bottom');
      expect(lista).toHaveAttribute('data-x-position', 'right');
    });

    it('on a phone, at the top', async () => {
      wide(false);
      render(<Toaster />);
      act(() => {
        toast.success('Venda registrada com sucesso!');
      });
      await screen.findByText('Venda registrada com sucesso!');
      expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    });
  });
});
