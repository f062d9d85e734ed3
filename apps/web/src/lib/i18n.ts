import type { Language } from '@caderneta/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/pt-BR/common.json';
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
  'relatorios',
  'historico',
  'equipe',
  'notificacoes',
  'configuracoes',
  'backup',
  'importacao',
  'portal',
  'devedores',
  'offline',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const defaultNS = 'common';
/**
 * Only pt-BR `common` ships in the entry chunk. Every other namespace (and every other language)
 * is its own small chunk, loaded by the route that needs it (app/router.tsx) before the page
 * renders, so the login page does not download the texts of the signed-in app.
 */
export const bundledResources = { 'pt-BR': { common } } as const;

/** The shape of every namespace (types only: no text enters the bundle through this). */
export interface AppResources {
  common: typeof common;
  auth: typeof import('../locales/pt-BR/auth.json');
  layout: typeof import('../locales/pt-BR/layout.json');
  landing: typeof import('../locales/pt-BR/landing.json');
  dashboard: typeof import('../locales/pt-BR/dashboard.json');
  errors: typeof import('../locales/pt-BR/errors.json');
  validation: typeof import('../locales/pt-BR/validation.json');
  clientes: typeof import('../locales/pt-BR/clientes.json');
  produtos: typeof import('../locales/pt-BR/produtos.json');
  vendas: typeof import('../locales/pt-BR/vendas.json');
  financeiro: typeof import('../locales/pt-BR/financeiro.json');
  relatorios: typeof import('../locales/pt-BR/relatorios.json');
  historico: typeof import('../locales/pt-BR/historico.json');
  equipe: typeof import('../locales/pt-BR/equipe.json');
  portal: typeof import('../locales/pt-BR/portal.json');
  devedores: typeof import('../locales/pt-BR/devedores.json');
  notificacoes: typeof import('../locales/pt-BR/notificacoes.json');
  configuracoes: typeof import('../locales/pt-BR/configuracoes.json');
  backup: typeof import('../locales/pt-BR/backup.json');
  importacao: typeof import('../locales/pt-BR/importacao.json');
  offline: typeof import('../locales/pt-BR/offline.json');
}

type LocaleModule = { default: Record<string, unknown> };
// pt-BR common is in the entry (imported above); everything else is a chunk of its own.
const localeFiles = import.meta.glob<LocaleModule>(['../locales/*/*.json', '!../locales/pt-BR/common.json']);

/** An i18next backend over Vite's lazily imported locale chunks. */
const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: Record<string, unknown> | null) => void) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (language === DEFAULT_LANGUAGE && namespace === 'common') {
      callback(null, common);
      return;
    }
    if (!load) {
      callback(new Error(`Missing locale file ${language}/${namespace}.json`), null);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error, null),
    );
  },
};

/** Loads namespaces of the current language (routes call this before rendering). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(currentLanguage(), ns));
  return missing.length ? i18n.loadNamespaces([...missing]) : Promise.resolve();
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The namespaces loaded so far (in any language): a new language needs the same ones. */
function loadedNamespaces(): Namespace[] {
  return NAMESPACES.filter((ns) => i18n.hasResourceBundle(currentLanguage(), ns) || i18n.hasResourceBundle(DEFAULT_LANGUAGE, ns));
}

async function ensureLanguageLoaded(language: Language): Promise<void> {
  const needed = loadedNamespaces().filter((ns) => !i18n.hasResourceBundle(language, ns));
  await Promise.all(
    needed.map(async (ns) => {
      const load = localeFiles[`../locales/${language}/${ns}.json`];
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
    await i18n.use(chunkBackend).use(initReactI18next).init({
      resources: bundledResources,
      partialBundledLanguages: true,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      load: 'currentOnly',
      ns: ['common'],
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
