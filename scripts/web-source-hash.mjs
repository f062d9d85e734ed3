// The web build's inputs (file names and contents) as one hash. `npm start` skips `vite build`
// while apps/web/dist/.source-hash holds the current value; the web build writes it (`--write`).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = path.join(root, 'apps/web/dist/.source-hash');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/precompress.mjs',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'package-lock.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

export function webSourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex');
}

/** True when the built app in apps/web/dist was built from the current sources. */
export function webBuildIsCurrent() {
  return existsSync(path.join(root, 'apps/web/dist/index.html')) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === webSourceHash();
}

if (process.argv.includes('--write')) writeFileSync(STAMP_FILE, webSourceHash());
