import { describe, expect, it } from 'vitest';
import { atalhoDaTecla } from './atalhos';

const tecla = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  target,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});

describe('atalhoDaTecla', () => {
  it('reads F2, F4, F8, Esc and "?" outside a field as the counter\'s shortcuts', () => {
    expect(atalhoDaTecla(tecla('F2'))).toBe('finalizar');
    expect(atalhoDaTecla(tecla('F4'))).toBe('cliente');
    expect(atalhoDaTecla(tecla('Escape'))).toBe('limpar');
    expect(atalhoDaTecla(tecla('?'))).toBe('ajuda');
    expect(atalhoDaTecla(tecla('a'))).toBeNull();
    expect(atalhoDaTecla(tecla('F8'))).toBe('avulso');
    expect(atalhoDaTecla(tecla('F9'))).toBeNull();
  });

  it('takes F2, F4 and F8 in a field too (they type nothing), but leaves "?" and Esc to the field', () => {
    for (const campo of [document.createElement('input'), document.createElement('textarea'), document.createElement('select')]) {
      expect(atalhoDaTecla(tecla('F2', campo))).toBe('finalizar');
      expect(atalhoDaTecla(tecla('F4', campo))).toBe('cliente');
      expect(atalhoDaTecla(tecla('F8', campo))).toBe('avulso');
      expect(atalhoDaTecla(tecla('?', campo))).toBeNull();
      expect(atalhoDaTecla(tecla('Escape', campo))).toBeNull();
    }
  });

  it('leaves alone a key something else handled, and keys with Ctrl, Alt or Meta (Alt+F4 is the system\'s)', () => {
    expect(atalhoDaTecla(tecla('F2', document.body, { defaultPrevented: true }))).toBeNull();
    expect(atalhoDaTecla(tecla('F4', document.body, { altKey: true }))).toBeNull();
    expect(atalhoDaTecla(tecla('F2', document.body, { ctrlKey: true }))).toBeNull();
    expect(atalhoDaTecla(tecla('?', document.body, { metaKey: true }))).toBeNull();
  });
});
