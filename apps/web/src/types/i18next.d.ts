import 'i18next';
import type { bundledResources, defaultNS } from '../lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof bundledResources)['pt-BR'];
  }
}
