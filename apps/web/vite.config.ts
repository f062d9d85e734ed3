import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PUBLIC_PAGES, SESSION_REQUEST, SHELL, SIGNED_IN_PAGES, type PageEntry } from './src/app/route-table.ts';

// `@/…` → src/…, the shadcn/ui convention (also declared in tsconfig.json "paths").
// URL pathname rather than node:path keeps this file free of Node typings (POSIX paths).
const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/**
 * Writes dist/.vite/route-hints.json: for each page of src/app/route-table.ts, the files its first
 * load fetches after the entry (its chunk, the shell's for a signed-in page, the pt-BR texts, the
 * modules its loader imports, with every chunk they import and their CSS) and the requests it
 * starts. The server announces them in the page's HTML (apps/api/src/spa.ts, ADR 020), so the
 * browser fetches them with the entry instead of one round trip after another.
 */
function routeHints(): Plugin {
  return {
    name: 'caderneta-route-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; moduleIds: string[]; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
      const chunks = Object.values(bundle).filter((o): o is Chunk & (typeof bundle)[string] => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: Chunk | undefined, into = new Set<string>()): Set<string> => {
        if (!chunk || into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const file of chunk.imports) closure(byFile.get(file), into);
        return into;
      };
      // What index.html already loads.
      const entry = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) closure(chunk, entry);
      // The chunk holding a module (a module both imported and import()ed sits in a shared chunk).
      const filesOf = (module: string) => {
        const holders = chunks.filter((c) => c.moduleIds.includes(`${src}/${module}`));
        if (!holders.length) this.error(`route hints: no chunk holds src/${module}`);
        const files = new Set<string>();
        for (const chunk of holders) closure(chunk, files);
        return [...files].filter((file) => !entry.has(file));
      };
      const hintsOf = (page: PageEntry, signedIn: boolean) => {
        const modules = [
          ...(signedIn ? [`app/routes/${SHELL.module}.tsx`, ...SHELL.namespaces.map((ns) => `locales/pt-BR/${ns}.json`)] : []),
          `app/routes/${page.module}.tsx`,
          ...page.namespaces.map((ns) => `locales/pt-BR/${ns}.json`),
          ...(page.loads ?? []).map((file) => file.replace(/^src\//, '')),
        ];
        return {
          files: [...new Set(modules.flatMap(filesOf))].map((file) => `/${file}`),
          requests: page.requests ?? [],
          session: signedIn ? SESSION_REQUEST : null,
        };
      };
      const pages: Record<string, ReturnType<typeof hintsOf>> = {};
      for (const page of Object.values(PUBLIC_PAGES)) pages[page.path] = hintsOf(page, false);
      for (const page of Object.values(SIGNED_IN_PAGES)) pages[page.path] = hintsOf(page, true);
      this.emitFile({ type: 'asset', fileName: '.vite/route-hints.json', source: JSON.stringify(pages, null, 1) });
    },
  };
}

/**
 * The installable app (issue 36, part 1; docs/decisions/033-installable-app.md): the manifest, and a
 * service worker (src/pwa/sw.ts) that keeps the shell and every route's code on the device. The page
 * registers it after loading (src/main.tsx); a new version waits for the seller (src/pwa/).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/pwa',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Caderneta — vendas fiadas',
    short_name: 'Caderneta',
    description: 'Sistema completo de gestão de vendas fiadas',
    lang: 'pt-BR',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  injectManifest: {
    // The shell, every route's code and texts, the icons; not the build's stamps nor the compressed
    // copies, nor the spreadsheet reader (about 250 KB on the wire, fetched when a shop imports an
    // XLSX, which needs the internet anyway: issue 39).
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['.vite/**', '**/*.br', '**/*.gz', '**/exceljs*.js'],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), routeHints(), pwa],
  resolve: {
    alias: { '@': src },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The XLSX reader (exceljs, loaded only when a shop imports a spreadsheet: issue 39) is ~930 KB
    // minified, the one chunk past Vite's 500 KB warning; the bundle budgets are e2e/bundle.spec.ts'.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks: the entry's unused exports may go.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // The small chunks shared by a few routes (an icon, a card, a helper: a dozen per page,
          // each a request and ~350 bytes of headers) are copied into the chunks that read them;
          // rolldown's runtime keeps one instance of each module across the copies.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            // What every page runs (React, the router, queries, i18n, class helpers; sonner comes with the first toast): one
            // file instead of a dozen small ones, each of which costs a request and its headers on
            // a phone. The rest stays split by route (routes are lazy, app/router.tsx).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|tailwind-merge|clsx|class-variance-authority|use-sync-external-store|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
