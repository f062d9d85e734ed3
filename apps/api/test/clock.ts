import type { Clock } from '../src/lib/clock';

/** A clock a test moves by hand: sales and payments made through the API take its time. */
export interface TestClock extends Clock {
  set(at: Date | string): void;
  /** Moves by whole days (negative goes back). */
  advanceDays(days: number): void;
}

export function testClock(start: Date | string = new Date()): TestClock {
  let current = new Date(start);
  return {
    // Each reading moves 1 ms on, so writes made one after another keep their order.
    now: () => {
      const at = new Date(current);
      current = new Date(current.getTime() + 1);
      return at;
    },
    set(at) {
      current = new Date(at);
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}
