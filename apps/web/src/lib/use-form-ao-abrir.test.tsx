import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormAoAbrir } from './use-form-ao-abrir';

describe('useFormAoAbrir', () => {
  it('fills the form each time the dialog opens, and leaves what is typed alone while it stays open', () => {
    let pessoa: { nome: string } | null = null;
    const { result, rerender } = renderHook(() => useFormAoAbrir<{ nome: string }>(pessoa, () => ({ nome: pessoa?.nome ?? '' }), { defaultValues: { nome: '' } }));
    expect(result.current.getValues('nome')).toBe('');

    pessoa = { nome: 'Ana' };
    rerender();
    expect(result.current.getValues('nome')).toBe('Ana');

    // Typing, and renders with a new `valores` function, keep what was typed.
    act(() => result.current.setValue('nome', 'Ana Paula'));
    rerender();
    expect(result.current.getValues('nome')).toBe('Ana Paula');

    // Closed and opened again (for another record, or the same): filled afresh.
    pessoa = null;
    rerender();
    expect(result.current.getValues('nome')).toBe('Ana Paula');
    pessoa = { nome: 'Bia' };
    rerender();
    expect(result.current.getValues('nome')).toBe('Bia');
  });
});
