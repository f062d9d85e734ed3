// The server as ES modules in apps/api/dist/ (server.mjs, and template.mjs for `npm start`), for
// `npm start` and `npm run serve`. Loading the TypeScript sources through tsx's loader (a worker
// thread asked about each of several hundred modules) took most of the server's start-up; the
// bundle loads in a fraction of that. It is rebuilt only when its inputs change; a start checks
// their sizes and times first and hashes their contents only when those moved.
// PGlite stays outside: it finds its WebAssembly and data files next to its own module.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(root, 'apps/api/dist');
export const SERVER_BUNDLE = path.join(DIST, 'server.mjs');
export const TEMPLATE_BUNDLE = path.join(DIST, 'template.mjs');
const STAMP = '.source-stamp.json';
const INPUTS = ['apps/api/src', 'apps/api/package.json', 'packages/shared/src', 'packages/shared/package.json', 'package-lock.json', 'scripts/server-build.mjs'];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

const digest = (update) => {
  const hash = createHash('sha256');
  for (const input of INPUTS) for (const file of files(input)) update(hash, file);
  return hash.digest('hex');
};
/** Names, sizes and modification times: cheap, and unchanged while nobody edits a file. */
const statKey = () => digest((hash, file) => {
  const { size, mtimeMs } = statSync(path.join(root, file));
  hash.update(`${file}\0${size}\0${mtimeMs}\0`);
});
/** Names and contents: what decides whether the bundle must be rebuilt. */
const contentKey = () => digest((hash, file) => {
  hash.update(`${file}\0`);
  hash.update(readFileSync(path.join(root, file)));
});

function readStamp() {
  try {
    return JSON.parse(readFileSync(path.join(DIST, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** True when apps/api/dist was built from the current sources (touching a file is not a change). */
export function serverBuildIsCurrent() {
  if (!existsSync(SERVER_BUNDLE)) return false;
  const stamp = readStamp();
  if (!stamp) return false;
  const stats = statKey();
  if (stamp.stats === stats) return true;
  if (stamp.contents !== contentKey()) return false;
  writeFileSync(path.join(DIST, STAMP), JSON.stringify({ ...stamp, stats }));
  return true;
}

/** Builds the bundle unless it is current. Returns the server's entry. */
export async function ensureServerBuild({ log = () => {} } = {}) {
  if (serverBuildIsCurrent()) return SERVER_BUNDLE;
  const started = performance.now();
  const stamp = { stats: statKey(), contents: contentKey() };
  const { build } = await import('esbuild');
  // Built beside and swapped in whole: a half-written directory is never served.
  const out = `${DIST}.${process.pid}.partial`;
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(root, 'apps/api/src/server.ts'), template: path.join(root, 'apps/api/src/db/template.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // server.ts loads the app with import() while the database opens: chunks, all beside server.mjs
    // (src/paths.ts counts on every module being one level below apps/api/).
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: "import { createRequire as __cadernetaCreateRequire } from 'node:module'; const require = __cadernetaCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  writeFileSync(path.join(out, STAMP), JSON.stringify(stamp));
  rmSync(DIST, { recursive: true, force: true });
  renameSync(out, DIST);
  log(`Server built in ${Math.round(performance.now() - started)} ms (apps/api/dist/).`);
  return SERVER_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureServerBuild({ log: console.log });
