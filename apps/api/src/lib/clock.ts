/**
 * Where the API reads "now". The server uses the system clock; tests pass their own so they can
 * place sales in the past and move to any day (`buildTestApp({ clock })`).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The time a write should record. With the system clock: undefined — the database's clock under
 * the customer's lock decides, so entries are ordered as the balance really moved (ADR 006).
 * With another clock (tests): that clock's time.
 */
export const writeTime = (clock: Clock): Date | undefined => (clock === systemClock ? undefined : clock.now());
