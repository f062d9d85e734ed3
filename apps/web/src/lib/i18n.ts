import type { Language } from '@caderneta/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from '../locales/pt-BR/auth.json';
import clientes from '../locales/pt-BR/clientes.json';
import common from '../locales/pt-BR/common.json';
import dashboard from '../locales/pt-BR/dashboard.json';
import errors from '../locales/pt-BR/errors.json';
import financeiro from '../locales/pt-BR/financeiro.json';
import landing from '../locales/pt-BR/landing.json';
import layout from '../locales/pt-BR/layout.json';
import produtos from '../locales/pt-BR/produtos.json';
import validation from '../locales/pt-BR/validation.json';
import vendas from '../locales/pt-BR/vendas.json';
import notificacoes from '../locales/pt-BR/notificacoes.json';
import configuracoes from '../locales/pt-BR/configuracoes.json';
import backup from '../locales/pt-BR/backup.json';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

// Kept here instead of importing LANGUAGES from @caderneta/shared: the shared barrel pulls zod
// into the entry chunk. A test checks both lists stay equal.
export const SUPPORTED_LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** Each language named in itself, so a reader finds their own whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'pt-BR': 'Português (Brasil)',
  'en-US': 'English (US)',
  'es-ES': 'Español',
};

export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'landing',
  'dashboard',
  'errors',
  'validation',
  'clientes',
  'produtos',
  'vendas',
  'financeiro',
  'notificacoes',
  'configuracoes',
  'backup',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const defaultNS = 'common';
/** pt-BR ships in the entry chunk; the other languages are fetched when chosen. */
export const bundledResources = {
  'pt-BR': { common, auth, layout, landing, dashboard, errors, validation, clientes, produtos, vendas, financeiro, notificacoes, configuracoes, backup },
} as const;

type LocaleModule = { default: Record<string, unknown> };
const lazyLocales = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/pt-BR/*.json',
]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

async function ensureLanguageLoaded(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'common')) return;
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = lazyLocales[`../locales/${language}/${ns}.json`];
      if (!load) throw new Error(`Missing locale file ${language}/${ns}.json`);
      const mod = await load();
      i18n.addResourceBundle(language, ns, mod.default, true, true);
    }),
  );
}

/** Switches the interface language (loading it first) and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureLanguageLoaded(language);
  await i18n.changeLanguage(language);
  writeStorage(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Initialises i18next with pt-BR, then switches to the language stored on this device. */
export async function initI18n(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: bundledResources,
      partialBundledLanguages: true,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      load: 'currentOnly',
      ns: NAMESPACES,
      defaultNS,
      interpolation: { escapeValue: false }, // React escapes already.
      react: { useSuspense: false },
      initAsync: false,
    });
  }
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguage(stored) && stored !== currentLanguage()) {
    try {
      await changeLanguage(stored);
    } catch (error) {
      // A missing chunk (e.g. right after a deploy) must not block the app: stay in pt-BR.
      console.error('Could not load language', stored, error);
      writeStorage(STORAGE_KEYS.language, DEFAULT_LANGUAGE);
    }
  }
  return i18n;
}

export { i18n };

/**
 * Translates a key built at run time (an error code, a validation message from a zod schema),
 * which the typed `t` cannot check. Returns `fallback` when the key does not exist.
 */
export function translateDynamic(key: string, fallback: string, values?: Record<string, unknown>): string {
  return i18n.exists(key) ? (i18n.t as (k: string, v?: Record<string, unknown>) => string)(key, values) : fallback;
}
