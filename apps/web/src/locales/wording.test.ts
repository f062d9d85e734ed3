import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const texts = (language: string) =>
  Object.entries(files)
    .filter(([file]) => file.startsWith(`./${language}/`))
    .flatMap(([file, tree]) => Object.entries(flatten(tree)).map(([key, text]) => ({ key: `${file.slice(9, -5)}:${key}`, text })));

describe('wording', () => {
  it('es-ES addresses the seller as "usted", never "tú"', () => {
    // Pronouns and verb forms of "tú" that the interface used to have.
    const tu = /\b(tú|tu|tus|te|ti|contigo|puedes|tienes|necesitas|debes|quieres|recibiste|abriste|olvidaste|recibirás|editabas)\b/i;
    const imperative = /(^|[.!?¿¡«]\s*)(Registra|Revisa|Usa|Escribe|Elige|Indica|Completa|Cambia|Prueba|Pide|Inicia|Entra|Crea|Navega|Apunta|Gestiona|Consulta|Desactiva|Espera|Solicita|Recarga|Introduce|Añade|Agrega|Selecciona|Guarda|Vuelve)\b/;
    const found = texts('es-ES').filter(({ text }) => tu.test(text.replace(/\{\{[^}]*\}\}/g, '')) || imperative.test(text));
    expect(found).toEqual([]);
  });

  it('writes the payment provider as "Mercado Pago", its brand name (the spec\'s "MercadoPago" is a slip)', () => {
    const found = ['pt-BR', 'en-US', 'es-ES'].flatMap((language) => texts(language).filter(({ text }) => /MercadoPago/i.test(text)));
    expect(found).toEqual([]);
  });

  it('never writes "(s)" plurals: counts go through i18next plural keys', () => {
    const found = ['pt-BR', 'en-US', 'es-ES'].flatMap((language) => texts(language).filter(({ text }) => /\w\((s|es)\)/.test(text)));
    expect(found).toEqual([]);
  });

  it('counts zero in the plural: every counted text has its _zero form (Portuguese plural rules put 0 with "one")', () => {
    for (const language of ['pt-BR', 'en-US', 'es-ES']) {
      const keys = new Set(texts(language).map((t) => t.key));
      const missing = [...keys].filter((key) => key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_zero')));
      expect(missing, language).toEqual([]);
    }
  });

  it('has the _one and _other forms for every counted text, in every language', () => {
    for (const language of ['pt-BR', 'en-US', 'es-ES']) {
      const keys = new Set(texts(language).map((t) => t.key));
      for (const key of keys) {
        const base = /^(.*)_(one|other)$/.exec(key)?.[1];
        if (!base) continue;
        expect(keys.has(`${base}_one`) && keys.has(`${base}_other`), `${language} ${base}`).toBe(true);
      }
    }
  });
});
