/**
 * `npm start`: builds the web app only when its sources changed since the last build
 * (scripts/web-source-hash.mjs), makes sure the prepared database template exists (a fresh
 * DATA_DIR starts from it), then serves.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { prepareTemplate } from '../apps/api/src/db/template';
// @ts-expect-error -- plain ESM script without type declarations, shared with the web build.
import { webBuildIsCurrent } from './web-source-hash.mjs';

const root = path.resolve(import.meta.dirname, '..');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function buildWebIfChanged(): Promise<void> {
  if ((webBuildIsCurrent as () => boolean)()) {
    console.log('Web app is up to date (sources unchanged since the last build): skipping the build.');
    return;
  }
  await run('npm', ['run', '-s', 'build']);
}

async function main() {
  // Both at once: the build is another process, the template is made here. Without DATABASE_URL a
  // fresh DATA_DIR is then a copy of the template instead of initdb plus every migration.
  await Promise.all([buildWebIfChanged(), process.env.DATABASE_URL ? Promise.resolve() : prepareTemplate()]);
  await import('../apps/api/src/server');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
