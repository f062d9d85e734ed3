import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AVATAR_GRADIENTS, avatarGradient, displayName, hashString, initials } from '@/lib/user-identity';
import { UserAvatar } from './user-avatar';

vi.mock('./avatar-image', () => ({
  createAvatarDataUri: vi.fn(),
}));

const { createAvatarDataUri } = await import('./avatar-image');
const generate = vi.mocked(createAvatarDataUri);

describe('user avatar', () => {
  it('shows the initials on a gradient until the picture is ready, then the picture', async () => {
    let finish!: (uri: string) => void;
    generate.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<UserAvatar user={{ nome: 'Maria da Silva', email: 'maria@x.com' }} label="Avatar de Maria" />);

    const avatar = screen.getByRole('img', { name: 'Avatar de Maria' });
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('MD');
    expect(avatar.className).toContain(avatarGradient('maria@x.com'));
    expect(avatar.querySelector('img')).toBeNull();

    finish('data:image/svg+xml;utf8,<svg/>');
    await waitFor(() => expect(avatar.querySelector('img')).toHaveAttribute('src', 'data:image/svg+xml;utf8,<svg/>'));
    expect(generate).toHaveBeenCalledWith('maria@x.com');
  });

  it('keeps the initials when the picture cannot be generated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    generate.mockRejectedValue(new Error('chunk failed'));
    render(<UserAvatar user={{ nome: '', email: 'joao@x.com' }} label="Avatar" />);
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('JO');
    expect(screen.getByRole('img', { name: 'Avatar' }).querySelector('img')).toBeNull();
  });
});

describe('user identity', () => {
  it('builds initials from up to two words of the name, else from the e-mail', () => {
    expect(initials({ nome: 'ana', email: 'a@x.com' })).toBe('A');
    expect(initials({ nome: 'Ana Beatriz Costa', email: 'a@x.com' })).toBe('AB');
    expect(initials({ nome: '  ', email: 'zeca@x.com' })).toBe('ZE');
  });

  it('names the seller by full name, else e-mail, else "Usuário"', () => {
    expect(displayName({ nome: 'Ana Costa', email: 'a@x.com' }, 'Usuário')).toBe('Ana Costa');
    expect(displayName({ nome: '', email: 'ana.costa@x.com' }, 'Usuário')).toBe('ana.costa');
    expect(displayName({ nome: '', email: '' }, 'Usuário')).toBe('Usuário');
  });

  it('picks a stable gradient among 8 from the e-mail', () => {
    expect(AVATAR_GRADIENTS).toHaveLength(8);
    expect(avatarGradient('Maria@X.com ')).toBe(avatarGradient('maria@x.com'));
    expect(hashString('maria@x.com')).toBe(hashString('maria@x.com'));
    const spread = new Set(
      Array.from({ length: 64 }, (_, i) => avatarGradient(`pessoa${i}@loja.com`)),
    );
    expect(spread.size).toBeGreaterThan(4);
  });
});
