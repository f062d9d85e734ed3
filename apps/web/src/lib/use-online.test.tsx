import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { useOnline } from './use-online';

function Estado() {
  return <p>{useOnline() ? 'com internet' : 'sem internet'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useOnline', () => {
  it('says offline when a request gets no answer though the device says online, and online again once one is answered', async () => {
    render(<Estado />);
    expect(screen.getByText('com internet')).toBeInTheDocument();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(() => expect(api('/api/dashboard')).rejects.toMatchObject({ status: 0, code: 'NETWORK' }));
    expect(screen.getByText('sem internet')).toBeInTheDocument();

    // An answer, even an error, means the server is reachable.
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 'NOT_FOUND', message: '' }), { status: 404 })));
    await act(() => expect(api('/api/dashboard')).rejects.toMatchObject({ status: 404 }));
    expect(screen.getByText('com internet')).toBeInTheDocument();
  });

  it("the device's 'online' event clears a failed request: worth trying again", async () => {
    render(<Estado />);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(() => expect(api('/api/me')).rejects.toMatchObject({ code: 'NETWORK' }));
    expect(screen.getByText('sem internet')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('com internet')).toBeInTheDocument();
  });
});
