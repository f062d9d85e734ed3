import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('brings the list back to its top when the next page is chosen at the end of a long list', async () => {
    const onPageChange = vi.fn();
    const { container } = render(
      <div data-slot="card">
        <ul aria-label="Lista" />
        <Pagination page={1} pageSize={20} total={45} onPageChange={onPageChange} />
      </div>,
    );
    // The seller scrolled 1,500 px down to the buttons: the list's card starts 1,200 px above the screen.
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1500);
    vi.spyOn(container.firstElementChild!, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -1200, 390, 2000));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    // To the card's top (page y 300), minus the sticky header's 80 px.
    expect(scrollTo).toHaveBeenCalledWith({ top: 220 });
  });

  it('scrolls a dialog, not the page, when the list is in a dialog', async () => {
    render(
      <div role="dialog">
        <Pagination page={2} pageSize={20} total={45} onPageChange={() => {}} />
      </div>,
    );
    const dialog = screen.getByRole('dialog');
    const dialogScroll = vi.fn();
    dialog.scrollTo = dialogScroll;
    const windowScroll = vi.spyOn(window, 'scrollTo');
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(dialogScroll).toHaveBeenCalledWith({ top: 0 });
    expect(windowScroll).not.toHaveBeenCalled();
  });
});
