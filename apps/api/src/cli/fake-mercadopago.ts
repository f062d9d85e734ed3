/**
 * Starts the fake Mercado Pago on loopback and prints its base URL (for MERCADOPAGO_API_URL).
 *   npm run -s fake-mercadopago -- --port 4600
 */
import { startFakeMercadoPago } from '../integrations/mercadopago/fake-server';
import { runFake } from './fake';

await runFake('fake-mercadopago', startFakeMercadoPago);
