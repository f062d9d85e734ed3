import { describe, expect, it } from 'vitest';
import usuarioSource from '../../../../packages/shared/src/usuario.ts?raw';

/**
 * Guards on what the first page load may download. They read the source, because a build in
 * every test run would be slow; `vite build` prints the resulting chunk sizes.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const files = Object.entries(sources);
const importing = (pattern: RegExp) => files.filter(([, code]) => pattern.test(code)).map(([f]) => f);

/** Modules of the entry chunk (main.tsx and what it imports statically). */
const ENTRY_MODULES = [
  '/src/main.tsx',
  '/src/app/router.tsx',
  '/src/app/providers.tsx',
  '/src/app/route-error.tsx',
  '/src/app/page-loading.tsx',
  '/src/lib/i18n.ts',
  '/src/lib/api-client.ts',
  '/src/lib/query-client.ts',
  '/src/lib/theme.ts',
  '/src/lib/storage-keys.ts',
  '/src/components/ui/sonner.tsx',
  '/src/components/ui/button.tsx',
];

describe('bundle boundaries', () => {
  it('sees the source files', () => {
    expect(Object.keys(sources)).toEqual(expect.arrayContaining(ENTRY_MODULES));
  });

  it('the web app carries no DiceBear: the server draws the avatar (GET /api/me/avatar.svg)', () => {
    expect(importing(/['"]@dicebear\//)).toEqual([]);
  });

  it('routes are lazy: the router imports no page module statically', () => {
    expect(sources['/src/app/router.tsx']).not.toMatch(/from\s+['"]\.\/routes\//);
  });

  it('nothing imports the lucide-react barrel', () => {
    expect(importing(/import\s+(?!type\b)[^;]*from\s+['"]lucide-react['"]/)).toEqual([]);
  });

  it('Recharts is imported only by the reports chart, which only /relatorios loads', () => {
    expect(importing(/from\s+['"]recharts['"]/)).toEqual(['/src/features/relatorios/components/grafico.tsx']);
    const users = importing(/from\s+['"][./@\w-]*\/grafico['"]/);
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) expect(file).toMatch(/^\/src\/features\/relatorios\//);
    // The feature's components are composed by its route only.
    expect(importing(/from\s+['"]@\/features\/relatorios\//)).toEqual(['/src/app/routes/relatorios.tsx']);
  });

  it('Papa Parse is loaded with import() when a CSV is made or read (an import), never up front', () => {
    expect(importing(/from\s+['"]papaparse['"]/)).toEqual([]);
    expect(importing(/import\(\s*['"]papaparse['"]\s*\)/).sort()).toEqual(['/src/features/importacao/lib/csv.ts', '/src/lib/csv.ts']);
  });

  it('exceljs (≈ 1 MB) is loaded with import() when a template is made, never up front', () => {
    expect(importing(/import\s+(?!type\b)[^;]*from\s+['"]exceljs['"]/)).toEqual([]);
    expect(importing(/import\(\s*['"]exceljs['"]\s*\)/)).toEqual(['/src/features/importacao/lib/modelo.ts']);
  });

  it('the formatters every page uses take shared helpers from subpaths, not the barrel (its schemas would pull zod in)', () => {
    expect(sources['/src/lib/format.ts']).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared['"]/);
  });

  it('the login page carries no form library and loads the sign-up form and the password dialog on demand', () => {
    const login = sources['/src/features/auth/components/login-form.tsx'];
    expect(login).not.toMatch(/from\s+['"]react-hook-form['"]/);
    // Nothing of @caderneta/shared but its zod-free module of logins without e-mail (usuario.ts).
    expect(login).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared(?!\/usuario['"])/);
    expect(usuarioSource).not.toMatch(/^import /m);
    expect(login).not.toMatch(/from\s+['"]\.\/forgot-password-dialog['"]/);
    expect(sources['/src/app/routes/auth.tsx']).not.toMatch(/from\s+['"]@\/features\/auth\/components\/signup-form['"]/);
  });

  it('sonner arrives with the first toast: only the lazily loaded toaster imports it statically', () => {
    // (and the tests' set-up, which clears sonner's store between tests)
    expect(importing(/import\s+(?!type\b)[^;]*from\s+['"]sonner['"]/)).toEqual(['/src/components/ui/sonner-toaster.tsx', '/src/test/setup.ts']);
    expect(importing(/import\(\s*['"]sonner['"]\s*\)/)).toEqual(['/src/lib/toast.ts']);
    expect(importing(/from\s+['"][./@\w-]*\/sonner-toaster['"]/)).toEqual([]);
    expect(importing(/import\(\s*['"]\.\/sonner-toaster['"]\s*\)/)).toEqual(['/src/components/ui/sonner.tsx']);
  });

  it('the signed-in shell loads its menus and the phone drawer (Radix) on first use, not with every page', () => {
    const shell = [
      '/src/components/layout/app-layout.tsx',
      '/src/components/layout/theme-switch.tsx',
      '/src/components/layout/language-menu.tsx',
      '/src/components/layout/user-chip.tsx',
      '/src/features/notificacoes/components/notification-bell.tsx',
      '/src/app/routes/protected.tsx',
    ];
    for (const file of shell) {
      expect(sources[file], file).not.toMatch(/from\s+['"]@\/components\/ui\/(dropdown-menu|sheet|dialog)['"]/);
      expect(sources[file], file).not.toMatch(/from\s+['"]radix-ui['"]/);
    }
    for (const popup of ['./theme-menu', './language-menu-popup', './mobile-nav', './notification-menu']) {
      expect(importing(new RegExp(`from\\s+['"]${popup}['"]`)), popup).toEqual([]);
      expect(importing(new RegExp(`import\\(\\s*['"]${popup}['"]\\s*\\)`)), popup).toHaveLength(1);
    }
    // The account menu ("Meus acessos") too: only the shell asks for it, on first use.
    expect(importing(/from\s+['"]@\/features\/sessoes\/components\/conta-menu['"]/)).toEqual([]);
    expect(importing(/import\(\s*['"]@\/features\/sessoes\/components\/conta-menu['"]\s*\)/)).toEqual(['/src/app/routes/protected.tsx']);
  });

  it('the sale\'s fixed lists live in a module without zod, so list pages need not load the schemas', () => {
    const vendas = import.meta.glob<string>('/../../packages/shared/src/vendas.ts', { eager: true, query: '?raw', import: 'default' });
    const [code] = Object.values(vendas);
    expect(code).toMatch(/export const FORMAS_PAGAMENTO/);
    expect(code).not.toMatch(/from\s+['"]zod['"]/);
  });

  it('the entry takes only types from @caderneta/shared (its schemas would pull zod in)', () => {
    for (const file of ENTRY_MODULES) {
      expect(sources[file], file).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared/);
    }
  });
});
