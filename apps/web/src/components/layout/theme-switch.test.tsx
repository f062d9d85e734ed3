import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, initTheme } from '@/lib/theme';
import { ThemeSwitch } from './theme-switch';

/** A controllable `prefers-color-scheme: dark`. */
function fakeSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => media as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((fn) => fn());
    },
  };
}

const root = document.documentElement;

async function choose(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('button', { name: 'Tema' }));
  await user.click(await screen.findByRole('menuitemradio', { name: option }));
}

describe('theme switch', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('defaults to "Sistema" and follows the OS preference live', async () => {
    const system = fakeSystemTheme(false);
    stop = initTheme();
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    expect(root).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Tema' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Sistema' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.keyboard('{Escape}');

    system.set(true);
    expect(root).toHaveClass('dark');
    system.set(false);
    expect(root).not.toHaveClass('dark');
  });

  it('"Escuro" sets the dark class and remembers it; "Claro" removes it', async () => {
    const system = fakeSystemTheme(true);
    stop = initTheme();
    const user = userEvent.setup();
    render(<ThemeSwitch />);

    await choose(user, 'Escuro');
    expect(root).toHaveClass('dark');
    expect(window.localStorage.getItem('caderneta.tema')).toBe('dark');

    await choose(user, 'Claro');
    expect(root).not.toHaveClass('dark');
    expect(window.localStorage.getItem('caderneta.tema')).toBe('light');
    // A fixed choice ignores the OS.
    system.set(true);
    expect(root).not.toHaveClass('dark');
  });

  it('applies the remembered theme on start', () => {
    fakeSystemTheme(false);
    window.localStorage.setItem('caderneta.tema', 'dark');
    applyTheme();
    expect(root).toHaveClass('dark');
  });
});
