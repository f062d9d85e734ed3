/**
 * mulberry32: a small seeded generator, so a seed reproduces what it drew (the demo shop's
 * `--seed`, a randomised test's run): `next()` in [0, 1), an integer in [min, max], one of a list,
 * one of a list by weight.
 */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>) => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
  return { next, int, pick, weighted };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
