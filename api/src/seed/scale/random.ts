/** A seeded generator (mulberry32): the same arguments load the same catalogue, run after run. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An index drawn by weight. */
  weighted(weights: readonly number[]): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(weights) {
      let draw = next() * weights.reduce((a, b) => a + b, 0);
      const index = weights.findIndex((w) => (draw -= w) < 0);
      return index < 0 ? weights.length - 1 : index;
    },
  };
}
