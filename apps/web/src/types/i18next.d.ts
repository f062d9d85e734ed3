import 'i18next';
import type { bundledResources, defaultNS } from '../lib/i18n';
import type relatorios from '../locales/pt-BR/relatorios.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Route namespaces (lib/route-i18n.ts) are typed like the bundled ones, though loaded with their route.
    resources: (typeof bundledResources)['pt-BR'] & { relatorios: typeof relatorios };
  }
}
