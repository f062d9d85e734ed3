import { loadNamespaces } from '@/lib/i18n';
import { apagarBanco } from './banco';
import { enviarSaida, itensDaSaida } from './saida';

/** Signing out with sales or payments still on the device, not yet on the server: refused, or they would be lost. */
export class VendasAguardandoEnvio extends Error {
  override readonly name = 'VendasAguardandoEnvio';
  constructor(readonly quantas: number) {
    super(`${quantas} entries wait in the outbox`);
  }
}

/**
 * Before signing out: sends what the outbox holds, and throws VendasAguardandoEnvio (with its texts
 * loaded) if anything is left — no connection, or something the server refused that the seller has
 * not dealt with. A device without IndexedDB keeps nothing.
 */
export async function saidaVaziaParaSair(sellerId: string): Promise<void> {
  const antes = await itensDaSaida(sellerId).catch(() => []);
  if (antes.length === 0) return;
  await enviarSaida(sellerId).catch(() => undefined);
  const depois = await itensDaSaida(sellerId);
  if (depois.length === 0) return;
  await loadNamespaces(['offline']);
  throw new VendasAguardandoEnvio(depois.length);
}

/** After signing out: the device's copy of the customers and products goes with the session (issue 36). */
export async function esquecerAparelho(sellerId: string): Promise<void> {
  await apagarBanco(sellerId).catch((error: unknown) => console.error('Could not delete the counter data', error));
}
