/**
 * A bounded map that forgets its least recently used entry first, and any entry older than
 * `ttlMs` (a safety net: callers still check that an entry is current, e.g. by a version).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; at: number }>()

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    this.map.delete(key)
    if (Date.now() - hit.at > this.ttlMs) return undefined
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.map.set(key, hit)
    return hit.value
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, { value, at: Date.now() })
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K)
  }

  delete(key: K): void {
    this.map.delete(key)
  }

  /** Drops every entry whose key matches (e.g. all of one organisation's). */
  deleteWhere(match: (key: K, value: V) => boolean): void {
    for (const [k, v] of this.map) if (match(k, v.value)) this.map.delete(k)
  }

  clear(): void {
    this.map.clear()
  }
}
