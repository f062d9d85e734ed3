import { describe, expect, it } from 'vitest';

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

  it('DiceBear is imported only by the avatar module', () => {
    expect(importing(/from\s+['"]@dicebear\//)).toEqual(['/src/components/layout/avatar-image.ts']);
  });

  it('the avatar module is only ever loaded with import()', () => {
    expect(importing(/from\s+['"][./@\w-]*avatar-image['"]/)).toEqual([]);
    expect(importing(/import\(\s*['"][./\w-]*avatar-image['"]\s*\)/)).toEqual([
      '/src/components/layout/user-avatar.tsx',
    ]);
  });

  it('routes are lazy: the router imports no page module statically', () => {
    expect(sources['/src/app/router.tsx']).not.toMatch(/from\s+['"]\.\/routes\//);
  });

  it('nothing imports recharts or the lucide-react barrel', () => {
    expect(importing(/from\s+['"]recharts['"]/)).toEqual([]);
    expect(importing(/import\s+(?!type\b)[^;]*from\s+['"]lucide-react['"]/)).toEqual([]);
  });

  it('the formatters every page uses take shared helpers from subpaths, not the barrel (its schemas would pull zod in)', () => {
    expect(sources['/src/lib/format.ts']).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared['"]/);
  });

  it('the login page carries no form library and loads the sign-up form and the password dialog on demand', () => {
    const login = sources['/src/features/auth/components/login-form.tsx'];
    expect(login).not.toMatch(/from\s+['"]react-hook-form['"]/);
    expect(login).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared/);
    expect(login).not.toMatch(/from\s+['"]\.\/forgot-password-dialog['"]/);
    expect(sources['/src/app/routes/auth.tsx']).not.toMatch(/from\s+['"]@\/features\/auth\/components\/signup-form['"]/);
  });

  it('the entry takes only types from @caderneta/shared (its schemas would pull zod in)', () => {
    for (const file of ENTRY_MODULES) {
      expect(sources[file], file).not.toMatch(/import\s+(?!type\b)[^;]*from\s+['"]@caderneta\/shared/);
    }
  });
});
