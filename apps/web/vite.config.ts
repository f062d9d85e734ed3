import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `@/…` → src/…, the shadcn/ui convention (also declared in tsconfig.json "paths").
// URL pathname rather than node:path keeps this file free of Node typings (POSIX paths).
const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
