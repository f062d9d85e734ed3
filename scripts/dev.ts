/**
 * Development: the API with reload on :3000 and Vite's dev server on :5173 (which proxies /api).
 * Open http://localhost:5173. Unless MERCADOPAGO_API_URL is set (e.g. to Mercado Pago's own API
 * for the real sandbox), the fake Mercado Pago runs on :4600 and the API uses it; likewise the fake
 * WhatsApp Cloud API on :4601 unless WHATSAPP_API_URL is set.
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

const fakePort = 4600;
const mercadopago = process.env.MERCADOPAGO_API_URL ?? `http://127.0.0.1:${fakePort}`;
if (!process.env.MERCADOPAGO_API_URL) start('npx', ['tsx', 'apps/api/src/cli/fake-mercadopago.ts', '--port', String(fakePort)]);
const fakeWhatsappPort = 4601;
const whatsapp = process.env.WHATSAPP_API_URL ?? `http://127.0.0.1:${fakeWhatsappPort}`;
if (!process.env.WHATSAPP_API_URL) start('npx', ['tsx', 'apps/api/src/cli/fake-whatsapp.ts', '--port', String(fakeWhatsappPort)]);
start('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  MERCADOPAGO_API_URL: mercadopago,
  WHATSAPP_API_URL: whatsapp,
});
start('npm', ['run', 'dev', '-w', '@caderneta/web']);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
