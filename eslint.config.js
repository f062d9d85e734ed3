// The fences (docs/decisions/008-layer-rules.md): imports go one way, enforced here, and
// `npm test` runs this before anything else. Only rules that need no type information, so the
// whole repository lints in seconds.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const api = 'apps/api/src';
const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  {
    target: `${web}/components`,
    from: [`${web}/features`, `${web}/app`],
    message: 'components/ is shared furniture: it never imports features or app (pass data in through props).',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/features`, `${web}/app`, `${web}/components`],
    message: 'lib/ sits under everything: it imports only packages/shared and libraries.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'features/ never import app/: app/routes composes features.',
  },
  // A feature imports no other feature; app/routes composes them.
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'features do not import one another: compose them in app/routes, or move what both need to components/ or lib/.',
  })),
  { target: 'apps/web', from: ['apps/api', 'scripts', 'e2e'], message: 'The web app talks to the API over HTTP only.' },
];

const apiZones = [
  {
    target: [`${api}/modules/**/!(*.routes|*.test).ts`, `${api}/db/**/*.ts`],
    from: [`${api}/**/*.routes.ts`, `${api}/{app,server}.ts`],
    message: 'routes → services → db: services and db never import routes or the app.',
  },
  {
    target: `${api}/db/**/*.ts`,
    from: [`${api}/modules/**/*.ts`, `${api}/auth/**/*.ts`, `${api}/cli/**/*.ts`],
    message: 'db/ is the bottom layer: it imports no service, auth or CLI code.',
  },
  {
    target: `${api}/**/*.routes.ts`,
    from: [`${api}/**/*.routes.ts`, `${api}/db/schema/**/*.ts`],
    message: 'a route file imports services, not another route file nor the tables (SQL lives in services).',
  },
  { target: 'apps/api', from: ['apps/web', 'e2e'], message: 'The API does not import the web app.' },
];

/**
 * The API's folders in layers, lowest first (docs/decisions/029-one-door-to-the-ledger.md): a folder
 * imports only folders in the layers below its own, so no two folders import each other, directly
 * or around a loop; db/ is below lib/, and no module reaches into cli/. Tests may cross (a test of
 * the reports pays online to see it counted).
 */
const apiLayers = [
  ['db'],
  ['lib'],
  // The audit trail is written by every layer above, the session plugin included (ADR 037).
  ['mail', 'integrations', 'security', 'modules/auditoria'],
  ['jobs', 'auth'],
  // The outbox of messages to customers: written by the ledger and the customer form, sent by a job (ADR 043).
  ['modules/mensagens'],
  ['modules/notificacoes', 'modules/clientes', 'modules/codigos', 'modules/pix', 'modules/mercadopago', 'modules/configuracoes'],
  ['modules/financeiro', 'modules/produtos', 'modules/conta', 'modules/equipe'],
  ['modules/vendas', 'modules/devedores', 'modules/backup', 'modules/importacao'],
  // The customers' disputes resolve through the sales' and the ledger's doors; the customer page asks them.
  ['modules/contestacoes'],
  ['modules/relatorios', 'modules/dashboard', 'modules/portal'],
  ['modules/admin'],
  ['cli'],
];
const layerZones = apiLayers.flatMap((layer, i) =>
  layer.map((folder) => ({
    target: `${api}/${folder}/**/!(*.test).ts`,
    from: apiLayers
      .slice(i)
      .flat()
      .filter((other) => other !== folder)
      .map((other) => `${api}/${other}`),
    message: `${folder}/ imports only the API's lower layers (eslint.config.js apiLayers): a folder never imports one that imports it back, db/ is below lib/, and modules never import cli/.`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'apps/api/drizzle/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts file it follows, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The tsconfig paths (`@/…`) and workspaces. Packages resolve to their code, not their
      // types: each lucide icon is its own module, though all share one .d.ts.
      'import-x/resolver': {
        typescript: {
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['import', 'module', 'node', 'require', 'default'],
        },
      },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...apiZones, ...layerZones] }],
      // TypeScript checks these better; `_` marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: [`${web}/**/*.tsx`], ...jsxA11y.flatConfigs.recommended },
  // Plain scripts: those Node runs (the build's, the start scripts, the bench's floor server) and the
  // one the page runs before React.
  { files: ['apps/web/precompress.mjs', 'scripts/*.mjs', 'scripts/bench/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', performance: 'readonly' } } },
  { files: ['apps/web/public/theme-init.js'], languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' } } },
  {
    // Services (everything in a module but its routes) and db/ know nothing of HTTP.
    files: [`${api}/modules/**/*.ts`, `${api}/db/**/*.ts`],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(fastify|fastify-plugin|fastify-type-provider-zod|@fastify/.*)$', message: 'Services never import fastify: take plain arguments, throw AppError; the route does HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // Pure code for both sides: zod and itself, nothing else.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'packages/shared imports nothing but zod (it runs in the browser and on the server).' }] },
      ],
    },
  },
);
