/*
 * A small seeded random generator for property tests (no fast-check here): every case gets its own
 * seed, and a failure names it with the generated case, so `PROPERTY_SEED=<seed> PROPERTY_RUNS=1`
 * replays exactly that case. Test support only; nothing in the app imports it.
 */

export type Random = {
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number
  chance: (p: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** A copy in random order. */
  shuffle: <T>(items: readonly T[]) => T[]
}

/** mulberry32: tiny, fast, good enough to spread test cases. */
export function seeded(seed: number): Random {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle: (items) => {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[out[i], out[j]] = [out[j], out[i]]
      }
      return out
    },
  }
}

const BASE_SEED = 20261123
const env = (name: string) => (typeof process === 'undefined' ? undefined : process.env[name])

/**
 * Checks `property` on `runs` generated cases (PROPERTY_RUNS overrides). A failing case rethrows
 * its error with the seed and the case prepended.
 */
export function forAll<T>(generate: (r: Random) => T, property: (input: T) => void, runs = 300): void {
  const base = Number(env('PROPERTY_SEED') ?? BASE_SEED)
  const count = Number(env('PROPERTY_RUNS') ?? runs)
  for (let i = 0; i < count; i++) {
    const seed = (base + i * 7919) >>> 0
    const input = generate(seeded(seed))
    try {
      property(input)
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e))
      err.message = `property failed for seed ${seed} (replay: PROPERTY_SEED=${seed} PROPERTY_RUNS=1)\ncase: ${JSON.stringify(input)}\n${err.message}`
      throw err
    }
  }
}
