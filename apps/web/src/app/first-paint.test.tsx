import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');

describe('the first paint', () => {
  it('index.html draws the page-loading spinner in #root before any script runs, without its translated text', () => {
    const root = /<div id="root">([\s\S]*?)\n {4}<\/div>\n/.exec(indexHtml)?.[1];
    expect(root).toBeDefined();
    const splash = root!.replace(/<!--[\s\S]*?-->/g, '').trim();
    // What React draws while a route's code loads, less what only the app can say (its text, in
    // the user's language, and the live region announcing it).
    const pageLoading = renderToStaticMarkup(<PageLoading />)
      .replace(' role="status"', '')
      .replace(/<span class="sr-only">[^<]*<\/span>/, '');
    expect(splash).toBe(pageLoading);
  });
});
