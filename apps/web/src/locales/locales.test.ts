import { ERROR_CODES, LANGUAGES } from '@caderneta/shared';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, SUPPORTED_LANGUAGES } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function load(language: string, namespace: string): Tree {
  const tree = files[`./${language}/${namespace}.json`];
  if (!tree) throw new Error(`missing ${language}/${namespace}.json`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('ship exactly the languages the API accepts', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  it('have one file per namespace and nothing else', () => {
    const expected = SUPPORTED_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => `./${l}/${ns}.json`));
    expect(Object.keys(files).sort()).toEqual(expected.sort());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const reference = flatten(load('pt-BR', namespace));

    it.each(SUPPORTED_LANGUAGES)('%s has the same keys as pt-BR', (language) => {
      const keys = Object.keys(flatten(load(language, namespace))).sort();
      expect(keys).toEqual(Object.keys(reference).sort());
    });

    it.each(SUPPORTED_LANGUAGES)('%s has no empty text', (language) => {
      const empty = Object.entries(flatten(load(language, namespace)))
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it.each(SUPPORTED_LANGUAGES)('%s uses the same {{placeholders}} as pt-BR', (language) => {
      const texts = flatten(load(language, namespace));
      for (const [key, text] of Object.entries(reference)) {
        expect(placeholders(texts[key] ?? ''), `${language} ${namespace}:${key}`).toEqual(
          placeholders(text),
        );
      }
    });
  });

  it('translate every error code of the API, plus NETWORK', () => {
    const keys = Object.keys(load('pt-BR', 'errors'));
    expect(keys).toEqual(expect.arrayContaining([...ERROR_CODES, 'NETWORK']));
  });

  it('keep the spec wording in pt-BR', () => {
    const auth = flatten(load('pt-BR', 'auth'));
    expect(auth['signIn.submitting']).toBe('Entrando...');
    expect(auth['signUp.submitting']).toBe('Criando conta...');
    expect(flatten(load('pt-BR', 'validation'))['passwordsDoNotMatch']).toBe(
      'As senhas não conferem.',
    );
    expect(flatten(load('pt-BR', 'common'))['tagline']).toBe(
      'Sistema completo de gestão de vendas fiadas',
    );
  });
});
