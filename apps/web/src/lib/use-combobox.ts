import { type KeyboardEvent, useEffect, useId, useState } from 'react';

interface UseComboboxOptions<T> {
  /** What the search box holds: typing something new opens the list again and clears the active option. */
  value: string;
  /** The results shown under the search box (none: no list). */
  items: readonly T[];
  getKey: (item: T) => string;
  onPick: (item: T) => void;
}

/**
 * A search box whose results are picked with the keyboard (WAI-ARIA combobox with a listbox
 * popup): ↓ and ↑ move the active result, wrapping at either end; Enter picks it; Escape closes
 * the list and keeps the text (a second Escape is the browser's: it clears a search box). The
 * focus never leaves the box: the active result is announced through `aria-activedescendant`.
 * Results stay clickable; the caller renders them with `listboxProps` and `optionProps(item)`.
 */
export function useCombobox<T>({ value, items, getKey, onPick }: UseComboboxOptions<T>) {
  const listboxId = useId();
  // Kept with the text they were chosen for, so that typing resets both without an effect.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState<{ value: string; key: string } | null>(null);

  const expanded = items.length > 0 && closedFor !== value;
  const activeIndex = expanded && active?.value === value ? items.findIndex((item) => getKey(item) === active.key) : -1;
  const activeItem = activeIndex === -1 ? undefined : items[activeIndex];
  const optionId = (item: T) => `${listboxId}-${getKey(item)}`;
  const activeId = activeItem === undefined ? undefined : optionId(activeItem);

  // On a phone the list may run past the screen's bottom: the active result is brought into view.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function move(step: 1 | -1) {
    if (items.length === 0) return;
    setClosedFor(null);
    const from = activeIndex === -1 ? (step === 1 ? -1 : items.length) : activeIndex;
    const next = items[(from + step + items.length) % items.length]!;
    setActive({ value, key: getKey(next) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Never submits the form around the box, with or without an active result.
      event.preventDefault();
      if (activeItem !== undefined) onPick(activeItem);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setClosedFor(value);
    }
  }

  return {
    expanded,
    inputProps: {
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      // Only while the list is there: a reference to nothing is no reference.
      'aria-controls': expanded ? listboxId : undefined,
      'aria-activedescendant': activeId,
      onKeyDown,
    },
    listboxProps: { id: listboxId, role: 'listbox' as const },
    optionProps: (item: T) => ({
      id: optionId(item),
      role: 'option' as const,
      'aria-selected': activeItem !== undefined && getKey(item) === getKey(activeItem),
      // Clicks pick without taking the focus from the box first.
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onClick: () => onPick(item),
    }),
  };
}
