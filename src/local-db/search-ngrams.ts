/*
 * An in-memory substring index over many short texts (the customer search, issue 21 #7): which
 * texts contain a word, in time proportional to the texts that might, not to all of them. A word
 * matches anywhere inside a text ("ries" finds "de Vries"), so whole-word or prefix indexes do not
 * fit. Each text lists its character pairs (bigrams); a word's candidates are the texts holding its
 * rarest pairs, then each candidate is checked with `includes`. A single character is looked up in
 * a per-text bit set. Pairs and characters outside a small alphabet share one code, so those
 * candidates are always checked; inside it, a one- or two-character word needs no check at all.
 * Whitespace separates words in a text and never forms a pair (a typed word holds none).
 *
 * A longer word is checked without touching the strings: every text's codes sit in one byte array,
 * and each pair's list keeps where the pair first occurs in each text, so a candidate usually costs
 * a few byte compares at that place (a word matching all 100,000 customers, such as "exam" in their
 * e-mail addresses, then takes about a millisecond rather than ten).
 */

const OTHER = 63

/** a–z, 0–9 and the marks e-mail addresses and numbers hold have a code of their own. */
function codeOf(c: number): number {
  if (c >= 97 && c <= 122) return c - 96 // 1..26
  if (c >= 48 && c <= 57) return c - 21 // 27..36
  const i = ".@-_+'&()/".indexOf(String.fromCharCode(c))
  return i >= 0 ? 37 + i : OTHER
}

/** What `\s` matches: a typed word never holds it, so no pair spans it. */
const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || (c > 127 && /\s/.test(String.fromCharCode(c)))

/** Codes of a string, -1 for whitespace. */
function codes(s: string): Int8Array {
  const out = new Int8Array(s.length)
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    out[i] = isSpace(c) ? -1 : codeOf(c)
  }
  return out
}

/** Texts indexed between two pauses of `NgramIndex.build` (a few milliseconds' work each). */
const SLICE = 5000

/** Where a pair's first occurrence lies beyond this, the check scans the text from its start. */
const FAR = 0xffff

export class NgramIndex {
  /** Per text: bits of the codes it holds (two words: codes 0..31 and 32..63). */
  private readonly low: Int32Array
  private readonly high: Int32Array
  /** Per bigram (a * 64 + b): the texts holding it, ascending, and where it first occurs in each. */
  private readonly pairs: (Int32Array | undefined)[] = []
  private readonly firstAt: (Uint16Array | undefined)[] = []
  /** Every text's codes, one after another (0 for whitespace); text t spans starts[t]..starts[t+1]. */
  private readonly chars: Uint8Array
  private readonly starts: Int32Array

  /** Built at once (`deferred`: by `NgramIndex.build`, in slices). */
  constructor(
    readonly texts: readonly string[],
    deferred = false,
  ) {
    const n = texts.length
    this.low = new Int32Array(n)
    this.high = new Int32Array(n)
    this.starts = new Int32Array(n + 1)
    for (let t = 0; t < n; t++) this.starts[t + 1] = this.starts[t] + texts[t].length
    this.chars = new Uint8Array(this.starts[n])
    if (!deferred) for (const _ of this.fill(n));
  }

  /**
   * The same index, built `SLICE` texts at a time with `pause()` between slices: building it for
   * 100,000 customers in one go held a tablet's page for a second and a half (CPU slowed 4×)
   * right after the list showed (issue 25).
   */
  static async build(texts: readonly string[], pause: () => Promise<unknown>): Promise<NgramIndex> {
    const index = new NgramIndex(texts, true)
    for (const _ of index.fill(SLICE)) await pause()
    return index
  }

  /** Lists every text's pairs and codes; yields after each `slice` texts. */
  private *fill(slice: number): Generator<void> {
    const { texts } = this
    const n = texts.length
    const lists: number[][] = []
    const places: number[][] = []
    for (let t = 0; t < n; t++) {
      if (t > 0 && t % slice === 0) yield
      const cs = codes(texts[t])
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i]
        if (c < 0) continue
        this.chars[this.starts[t] + i] = c
        if (c < 32) this.low[t] |= 1 << c
        else this.high[t] |= 1 << (c - 32)
        const p = i > 0 ? cs[i - 1] : -1
        if (p < 0) continue
        const key = p * 64 + c
        let list = lists[key]
        if (!list) {
          list = lists[key] = []
          places[key] = []
        }
        // Texts come in ascending order: a pair met twice in one text is listed once, at its first place.
        if (list[list.length - 1] !== t) {
          list.push(t)
          places[key].push(Math.min(i - 1, FAR))
        }
      }
    }
    for (let k = 0; k < lists.length; k++)
      if (lists[k]) {
        this.pairs[k] = Int32Array.from(lists[k])
        this.firstAt[k] = Uint16Array.from(places[k])
      }
  }

  get size() {
    return this.texts.length
  }

  /** The texts containing `word` (no whitespace in it), ascending. */
  find(word: string): Int32Array {
    const cs = codes(word)
    if (cs.length === 0) return Int32Array.from({ length: this.size }, (_, i) => i)
    const other = cs.includes(OTHER)
    if (!other && cs.length === 1) return this.withCode(cs[0])
    if (!other) return this.withPairs(cs)
    let candidates: Int32Array
    if (cs.length === 1) candidates = this.withCode(cs[0])
    else {
      // The two rarest pairs of the word, intersected: usually a handful of texts to check.
      const lists = this.rarestPairs(cs, 1)
      if (!lists) return new Int32Array(0)
      candidates = lists.length > 1 ? intersect(lists[0], lists[1]) : lists[0]
    }
    // Codes other than the alphabet's are shared, so only the strings can tell.
    const out = new Int32Array(candidates.length)
    let n = 0
    for (let i = 0; i < candidates.length; i++) if (this.texts[candidates[i]].includes(word)) out[n++] = candidates[i]
    return out.subarray(0, n)
  }

  /**
   * A word of two or more alphabet codes: the texts listing its first pair, narrowed by its rarest
   * other pairs, then checked in the byte array where that first pair first occurs (and, if the
   * word does not continue there, at every later place in the text).
   */
  private withPairs(cs: Int8Array): Int32Array {
    const key = cs[0] * 64 + cs[1]
    const list = this.pairs[key]
    const at = this.firstAt[key]
    if (!list || !at) return new Int32Array(0)
    if (cs.length === 2) return list
    const others = this.rarestPairs(cs, 2)
    if (!others) return new Int32Array(0)
    let slots = list
    let places = at
    for (const other of others) [slots, places] = intersectCarrying(slots, places, other)
    const out = new Int32Array(slots.length)
    let n = 0
    for (let k = 0; k < slots.length; k++) {
      const t = slots[k]
      const start = this.starts[t]
      const from = places[k] === FAR ? start : start + places[k]
      if (this.holdsFrom(cs, from, this.starts[t + 1])) out[n++] = t
    }
    return out.subarray(0, n)
  }

  /** The lists of the word's pairs ending at `from` or later, the two shortest; null if one is empty. */
  private rarestPairs(cs: Int8Array, from: number): Int32Array[] | null {
    const lists: Int32Array[] = []
    for (let i = from; i < cs.length; i++) {
      const list = this.pairs[cs[i - 1] * 64 + cs[i]]
      if (!list) return null
      lists.push(list)
    }
    return lists.sort((a, b) => a.length - b.length).slice(0, 2)
  }

  /** Whether the codes appear in chars[from..end), the first place tried being `from` itself. */
  private holdsFrom(cs: Int8Array, from: number, end: number): boolean {
    const { chars } = this
    for (let p = from; p + cs.length <= end; p++) {
      let k = 0
      while (k < cs.length && chars[p + k] === cs[k]) k++
      if (k === cs.length) return true
    }
    return false
  }

  private withCode(c: number): Int32Array {
    const bits = c < 32 ? this.low : this.high
    const bit = 1 << (c < 32 ? c : c - 32)
    const out = new Int32Array(this.size)
    let n = 0
    for (let t = 0; t < bits.length; t++) if (bits[t] & bit) out[n++] = t
    return out.subarray(0, n)
  }
}

/** Both ascending lists' common elements. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length))
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++
    else if (a[i] > b[j]) j++
    else {
      out[n++] = a[i]
      i++
      j++
    }
  }
  return out.subarray(0, n)
}

/** The elements of `a` also in `b`, each with its companion from `aPlaces`. */
function intersectCarrying(a: Int32Array, aPlaces: Uint16Array, b: Int32Array): [Int32Array, Uint16Array] {
  const out = new Int32Array(Math.min(a.length, b.length))
  const places = new Uint16Array(out.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++
    else if (a[i] > b[j]) j++
    else {
      places[n] = aPlaces[i]
      out[n++] = a[i]
      i++
      j++
    }
  }
  return [out.subarray(0, n), places.subarray(0, n)]
}

/** Either ascending list's elements, once. */
export function union(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length === 0) return b
  if (b.length === 0) return a
  const out = new Int32Array(a.length + b.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[n++] = a[i++]
    else if (i >= a.length || b[j] < a[i]) out[n++] = b[j++]
    else {
      out[n++] = a[i++]
      j++
    }
  }
  return out.subarray(0, n)
}
