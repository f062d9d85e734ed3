import { act, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
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
});
