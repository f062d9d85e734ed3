/**
 * Where the server reads "now". The app takes one (`BuildAppOptions.clock`, `app.clock`) so tests
 * and jobs can run at any date; production uses the system clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
