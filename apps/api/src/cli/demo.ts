/**
 * Creates a demo shop with ~90 days of history and prints how to sign in.
 *   npm run -s demo                       ≈ 16 sales a day for 90 days
 *   npm run -s demo -- --sales 50000      a big shop (for benchmarks)
 *   npm run -s demo -- --days 30 --seed 7
 * Works on DATABASE_URL or DATA_DIR. PGlite can only be opened by one process: with a server
 * running on the same DATA_DIR the demo is written through that server (like access-code).
 */
import { loadConfig } from '../config';
import { comBanco, fail } from './banco';
import { seedDemoShop, type DemoOptions, type DemoResult } from '../modules/admin/demo-shop';

const USAGE = 'usage: npm run -s demo -- [--sales N] [--days N] [--seed N]';

function parseArgs(args: string[]) {
  const options: { sales?: number; days?: number; seed?: number } = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const key = ({ '--sales': 'sales', '--days': 'days', '--seed': 'seed' } as const)[flag as '--sales'];
    const value = Number(args[++i]);
    if (!key || !Number.isInteger(value) || value < 0) fail(USAGE);
    options[key] = value;
  }
  if (options.days !== undefined && (options.days < 1 || options.days > 3650)) fail('--days must be from 1 to 3650');
  if (options.sales !== undefined && options.sales > 5_000_000) fail('--sales must be at most 5000000');
  return options;
}

/** The running server writes the demo (it holds the PGlite directory). */
async function viaServer(url: string, token: string, options: DemoOptions): Promise<DemoResult> {
  console.error(`A server holds the data directory: the demo is written through it (${url}).`);
  const response = await fetch(`${url}/api/admin/demo`, {
    method: 'POST',
    headers: { 'x-admin-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  const body = (await response.json()) as DemoResult & { message?: string };
  if (!response.ok) fail(`The server refused: ${String(body.message)}`);
  return body;
}

function report(result: DemoResult, publicUrl: string) {
  console.log(`Demo shop "${result.nomeLoja}" ready (${result.seconds.toFixed(1)} s):`);
  console.log(`  ${result.clientes} customers, ${result.produtos} products, ${result.vendas} sales (${result.vendasFiado} fiado, ${result.canceladas} cancelled), ${result.pagamentos} payments`);
  console.log(`  Sign in at ${publicUrl}/auth`);
  console.log(`  E-mail: ${result.email}`);
  console.log(`  Senha:  ${result.senha}`);
  if (result.codigosCliente.length) console.log(`  Customer page: ${publicUrl}/cliente (sample codes: ${result.codigosCliente.join(', ')})`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  await comBanco(
    config,
    // The address to sign in at is the running server's, unless PUBLIC_URL says otherwise.
    async (url, token) => report(await viaServer(url, token, options), process.env.PUBLIC_URL ? config.publicUrl : url),
    async (db) => report(await seedDemoShop(db, { ...options, log: (line) => console.error(line) }), config.publicUrl),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
