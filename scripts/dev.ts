/**
 * Development: the API with reload on :3000 and Vite's dev server on :5173 (which proxies /api).
 * Open http://localhost:5173.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

start('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], { PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' });
start('npm', ['run', 'dev', '-w', '@caderneta/web']);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
