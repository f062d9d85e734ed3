import type { MercadoPagoClient } from '../../integrations/mercadopago/client';
import type { Cipher } from '../../lib/cipher';
import type { Clock } from '../../lib/clock';

/** What the payment services need from outside the database. */
export interface PaymentDeps {
  mp: MercadoPagoClient;
  cipher: Cipher;
  clock: Clock;
  /** The address customers and Mercado Pago reach the app at (PUBLIC_URL). */
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}
