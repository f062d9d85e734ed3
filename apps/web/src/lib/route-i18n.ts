import type { Language } from '@caderneta/shared';
import { useEffect, useState } from 'react';
import { currentLanguage, DEFAULT_LANGUAGE, i18n, isLanguage } from './i18n';

/**
 * Locale namespaces that belong to one route and are not in the entry chunk (whose pt-BR texts
 * every page downloads): the route loads its own texts, in the current language, before it
 * renders, and again when the language changes. Only the route's module imports this file.
 */
export const ROUTE_NAMESPACES = ['relatorios'] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

type LocaleModule = { default: Record<string, unknown> };
const files = import.meta.glob<LocaleModule>('../locales/*/relatorios.json');
const loading = new Map<string, Promise<void>>();

/** Loads `namespace` for `language` once (a no-op when it is there already). */
export function loadRouteNamespace(namespace: RouteNamespace, language: Language = currentLanguage()): Promise<void> {
  const key = `${language}/${namespace}`;
  if (i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) return Promise.reject(new Error(`Missing locale file ${key}.json`));
    pending = load()
      .then((mod) => {
        i18n.addResourceBundle(language, namespace, mod.default, true, true);
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Keeps the route's namespace loaded in the interface language: when the seller switches language
 * on this page, its texts are fetched and the page re-renders with them.
 */
export function useRouteNamespace(namespace: RouteNamespace): void {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    const onChange = (language: string) => {
      loadRouteNamespace(namespace, isLanguage(language) ? language : DEFAULT_LANGUAGE)
        .then(() => setLoaded((n) => n + 1))
        .catch((error: unknown) => console.error('Could not load texts', namespace, language, error));
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [namespace]);
}
