/*
 * An in-memory substring index over many short texts (the customer search, issue 21 #7): which
 * texts contain a word, in time proportional to the texts that might, not to all of them. A word
 * matches anywhere inside a text ("ries" finds "de Vries"), so whole-word or prefix indexes do not
 * fit. Each text lists its character pairs (bigrams); a word's candidates are the texts holding its
 * rarest pairs, then each candidate is checked with `includes`. A single character is looked up in
 * a per-text bit set. Pairs and characters outside a small alphabet share one code, so those
 * candidates are always checked; inside it, a one- or two-character word needs no check at all.
 * Whitespace separates words in a text and never forms a pair (a typed word holds none).
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

export class NgramIndex {
  /** Per text: bits of the codes it holds (two words: codes 0..31 and 32..63). */
  private readonly low: Int32Array
  private readonly high: Int32Array
  /** Per bigram (a * 64 + b): the texts holding it, ascending. */
  private readonly pairs: (Int32Array | undefined)[] = []

  constructor(readonly texts: readonly string[]) {
    const n = texts.length
    this.low = new Int32Array(n)
    this.high = new Int32Array(n)
    const lists: number[][] = []
    for (let t = 0; t < n; t++) {
      const cs = codes(texts[t])
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i]
        if (c < 0) continue
        if (c < 32) this.low[t] |= 1 << c
        else this.high[t] |= 1 << (c - 32)
        const p = i > 0 ? cs[i - 1] : -1
        if (p < 0) continue
        const key = p * 64 + c
        let list = lists[key]
        if (!list) list = lists[key] = []
        // Texts come in ascending order: a pair met twice in one text is listed once.
        if (list[list.length - 1] !== t) list.push(t)
      }
    }
    for (let k = 0; k < lists.length; k++) if (lists[k]) this.pairs[k] = Int32Array.from(lists[k])
  }

  get size() {
    return this.texts.length
  }

  /** The texts containing `word` (no whitespace in it), ascending. */
  find(word: string): Int32Array {
    const cs = codes(word)
    if (cs.length === 0) return Int32Array.from({ length: this.size }, (_, i) => i)
    const exact = cs.length <= 2 && !cs.includes(OTHER)
    let candidates: Int32Array
    if (cs.length === 1) candidates = this.withCode(cs[0])
    else {
      // The two rarest pairs of the word, intersected: usually a handful of texts to check.
      const lists: Int32Array[] = []
      for (let i = 1; i < cs.length; i++) {
        const list = this.pairs[cs[i - 1] * 64 + cs[i]]
        if (!list) return new Int32Array(0)
        lists.push(list)
      }
      lists.sort((a, b) => a.length - b.length)
      candidates = lists.length > 1 ? intersect(lists[0], lists[1]) : lists[0]
    }
    if (exact) return candidates
    const out = new Int32Array(candidates.length)
    let n = 0
    for (let i = 0; i < candidates.length; i++) if (this.texts[candidates[i]].includes(word)) out[n++] = candidates[i]
    return out.subarray(0, n)
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
