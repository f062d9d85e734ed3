// `npm start`: builds the web app only when its sources changed since the last build
// (scripts/web-source-hash.mjs) and the server likewise (scripts/server-build.mjs), makes sure the
// prepared database template exists (a fresh DATA_DIR starts from it), then serves.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuild, TEMPLATE_BUNDLE } from './server-build.mjs';
import { webBuildIsCurrent } from './web-source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function buildWebIfChanged() {
  if (webBuildIsCurrent()) {
    console.log('Web app is up to date (sources unchanged since the last build): skipping the build.');
    return;
  }
  await run('npm', ['run', '-s', 'build:web']);
}

async function prepareTemplateIfPglite() {
  // Without DATABASE_URL a fresh DATA_DIR is a copy of the template instead of initdb plus every migration.
  if (process.env.DATABASE_URL) return;
  const { templateDirectory } = await import(pathToFileURL(TEMPLATE_BUNDLE).href);
  await templateDirectory();
}

// The web build is another process; the server's build and the template are made here meanwhile.
const server = await Promise.all([buildWebIfChanged(), ensureServerBuild({ log: console.log }).then(async (entry) => (await prepareTemplateIfPglite(), entry))]).then(
  ([, entry]) => entry,
);
await import(pathToFileURL(server).href);
