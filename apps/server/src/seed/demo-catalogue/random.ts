/** A small deterministic generator (mulberry32): the same seed always yields the same catalogue. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order. */
  some<T>(items: readonly T[], count: number): T[];
  chance(p: number): boolean;
}

export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    next,
    int,
    pick,
    some: <T>(items: readonly T[], count: number) => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0)
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      return out;
    },
    chance: (p: number) => next() < p,
  };
}
