import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_GRADIENTS, avatarGradient, displayName, hashString, initials } from '@/lib/user-identity';
import { GENERATED_AVATAR_URL, UserAvatar } from './user-avatar';

describe('user avatar', () => {
  it('shows the initials on a gradient until the server-drawn picture has loaded, then the picture', () => {
    render(<UserAvatar user={{ nome: 'Maria da Silva', email: 'maria@x.com' }} label="Avatar de Maria" />);

    const avatar = screen.getByRole('img', { name: 'Avatar de Maria' });
    const initials = screen.getByTestId('avatar-initials');
    expect(initials).toHaveTextContent('MD');
    expect(initials).not.toHaveClass('invisible');
    expect(avatar.className).toContain(avatarGradient('maria@x.com'));
    const picture = avatar.querySelector('img')!;
    expect(picture).toHaveAttribute('src', GENERATED_AVATAR_URL);
    expect(picture).toHaveClass('invisible');

    fireEvent.load(picture);
    expect(picture).not.toHaveClass('invisible');
    expect(initials).toHaveClass('invisible');
  });

  it('shows the seller\'s own photo instead of the generated picture', () => {
    render(<UserAvatar user={{ nome: 'Ana', email: 'ana@x.com', avatar: 'data:image/png;base64,AAAA' }} label="Avatar" />);
    const picture = screen.getByRole('img', { name: 'Avatar' }).querySelector('img')!;
    expect(picture).toHaveAttribute('src', 'data:image/png;base64,AAAA');
  });

  it('keeps the initials when the picture cannot be loaded', () => {
    render(<UserAvatar user={{ nome: '', email: 'joao@x.com' }} label="Avatar" />);
    const avatar = screen.getByRole('img', { name: 'Avatar' });
    fireEvent.error(avatar.querySelector('img')!);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('JO');
    expect(screen.getByTestId('avatar-initials')).not.toHaveClass('invisible');
    expect(avatar.querySelector('img')).toBeNull();
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
