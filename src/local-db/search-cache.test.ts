import { describe, expect, it } from 'vitest'
import { sortInSlices } from './search-cache'

describe('sortInSlices', () => {
  it('orders as one sort does (sort key, then id), over many slices and an odd last one', async () => {
    let seed = 3
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    // Few distinct sort keys: ties broken by id across slice boundaries.
    const entries = Array.from({ length: 1_003 }, (_, i) => ({ id: `id-${next(100_000)}-${i}`, sort: `k${next(40)}` }))
    const expected = [...entries].sort((a, b) =>
      a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    )
    let pauses = 0
    const sorted = await sortInSlices(entries, async () => pauses++, 37)
    expect(sorted).toEqual(expected)
    expect(pauses).toBeGreaterThan(27)
    expect(await sortInSlices([], async () => undefined, 37)).toEqual([])
  })
})
