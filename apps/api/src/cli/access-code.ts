/**
 * Operator tool for paid access codes.
 *   access-code create [N]     prints N new codes, one per line and nothing else
 *   access-code list           code, active, used, used by, when
 *   access-code disable CODE
 * Works on DATABASE_URL or DATA_DIR. When a server holds DATA_DIR's PGlite, it goes through that
 * server (PGlite must never be opened by two processes).
 */
import { loadConfig } from '../config';
import { comBanco, fail } from './banco';
import {
  createAccessCodes,
  disableAccessCode,
  listAccessCodes,
  type AccessCodeRow,
} from '../modules/codigos/codigos.service';

interface Operations {
  create(quantity: number): Promise<string[]>;
  list(): Promise<AccessCodeRow[]>;
  disable(code: string): Promise<boolean>;
}

const USAGE = `usage: npm run -s access-code -- create [N] | list | disable CODE`;

function viaServer(url: string, token: string): Operations {
  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(url + path, {
      method,
      headers: { 'x-admin-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  return {
    async create(quantidade) {
      const r = await call('POST', '/api/admin/codigos', { quantidade });
      if (r.status !== 200) fail(`The server refused: ${String(r.body.message)}`);
      return r.body.codigos as string[];
    },
    async list() {
      const r = await call('GET', '/api/admin/codigos');
      if (r.status !== 200) fail(`The server refused: ${String(r.body.message)}`);
      return (r.body.codigos as Array<Record<string, unknown>>).map((c) => ({
        ...(c as unknown as AccessCodeRow),
        usadoEm: c.usadoEm ? new Date(String(c.usadoEm)) : null,
        createdAt: new Date(String(c.createdAt)),
      }));
    },
    async disable(code) {
      const r = await call('POST', `/api/admin/codigos/${encodeURIComponent(code)}/desativar`);
      if (r.status === 404) return false;
      if (r.status !== 200) fail(`The server refused: ${String(r.body.message)}`);
      return true;
    },
  };
}

function formatTable(rows: AccessCodeRow[]): string {
  const header = ['CODE', 'ACTIVE', 'USED', 'USED BY', 'WHEN'];
  const lines = rows.map((r) => [
    r.codigo,
    r.ativo ? 'yes' : 'no',
    r.usado ? 'yes' : 'no',
    r.usadoPorEmail ?? '-',
    r.usadoEm ? r.usadoEm.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [header, ...lines].map((cols) => cols.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

async function run(ops: Operations, args: string[]) {
  const [command, arg] = args;
  switch (command) {
    case 'create': {
      const quantity = arg === undefined ? 1 : Number(arg);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) fail('N must be a whole number from 1 to 1000');
      for (const code of await ops.create(quantity)) console.log(code);
      return;
    }
    case 'list': {
      const rows = await ops.list();
      console.log(rows.length ? formatTable(rows) : 'No access codes yet. Create some with: npm run -s access-code -- create 5');
      return;
    }
    case 'disable': {
      if (!arg) fail(USAGE);
      if (!(await ops.disable(arg))) fail(`No access code ${arg}`);
      console.log(`Access code ${arg.toUpperCase()} disabled`);
      return;
    }
    default:
      fail(USAGE);
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (!['create', 'list', 'disable'].includes(args[0] ?? '')) fail(USAGE);
  await comBanco(
    loadConfig(),
    (url, token) => run(viaServer(url, token), args),
    (db) => run({ create: (n) => createAccessCodes(db, n), list: () => listAccessCodes(db), disable: (c) => disableAccessCode(db, c) }, args),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
