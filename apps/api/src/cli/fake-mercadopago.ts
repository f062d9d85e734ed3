/**
 * Starts the fake Mercado Pago on loopback and prints its base URL (for MERCADOPAGO_API_URL).
 *   npm run -s fake-mercadopago -- --port 4600
 */
import { startFakeMercadoPago } from '../integrations/mercadopago/fake-server';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: npm run -s fake-mercadopago -- [--port N]');
  process.exit(1);
}
const fake = await startFakeMercadoPago({ port });
console.log(fake.url);
const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
