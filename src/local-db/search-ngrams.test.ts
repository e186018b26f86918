import { describe, expect, it } from 'vitest'
import { NgramIndex } from './search-ngrams'

/** What the index must answer: the texts that contain the word, ascending. */
const naive = (texts: string[], word: string) => texts.flatMap((t, i) => (t.includes(word) ? [i] : []))

describe('NgramIndex', () => {
  it('finds a word where its first pair occurs again later in the text (the first place fails)', () => {
    const texts = ['exaxam example', 'exa xam', 'xexam', 'ex\nam', 'aaab', 'abab abc']
    const index = new NgramIndex(texts)
    for (const word of ['exam', 'exa', 'xam', 'aab', 'abc', 'bab', 'ex', 'exame'])
      expect([...index.find(word)], word).toEqual(naive(texts, word))
  })

  it('checks words with marks outside its alphabet against the strings (ß, ø, ü share one code)', () => {
    const texts = ['straße', 'strasse', 'søren', 'sören', 'ßø']
    const index = new NgramIndex(texts)
    for (const word of ['aße', 'ß', 'ø', 'øren', 'sø', 'ßø', 'øß'])
      expect([...index.find(word)], word).toEqual(naive(texts, word))
  })

  it('treats a pair first seen beyond 65,535 characters by scanning the text', () => {
    const texts = [`${'x'.repeat(70_000)}ab ab`, 'ab']
    expect([...new NgramIndex(texts).find('ab')]).toEqual([0, 1])
    expect([...new NgramIndex([`${'x'.repeat(70_000)}abc`]).find('abc')]).toEqual([0])
  })

  it('answers as `includes` does for 3,000 random words over 2,000 random texts', () => {
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    // A small alphabet makes repeats, near misses and shared pairs common; ü and ø test the shared code.
    const alphabet = 'abcde.@-1 \nüø'
    const text = (len: number) => Array.from({ length: len }, () => alphabet[next(alphabet.length)]).join('')
    const texts = Array.from({ length: 2000 }, () => text(1 + next(40)))
    const index = new NgramIndex(texts)
    for (let i = 0; i < 3000; i++) {
      const word = text(1 + next(6)).replace(/\s/g, '')
      if (!word) continue
      expect([...index.find(word)], JSON.stringify(word)).toEqual(naive(texts, word))
    }
  })

  it('built in slices (pausing between them) answers exactly as built at once', async () => {
    let seed = 11
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const alphabet = 'abcdefg.@-12 \nü'
    const text = (len: number) => Array.from({ length: len }, () => alphabet[next(alphabet.length)]).join('')
    // More texts than one slice, so the pairs' lists run across pauses.
    const texts = Array.from({ length: 12_000 }, () => text(1 + next(30)))
    let pauses = 0
    const sliced = await NgramIndex.build(texts, async () => {
      pauses++
    })
    expect(pauses).toBeGreaterThan(1)
    const whole = new NgramIndex(texts)
    for (let i = 0; i < 500; i++) {
      const word = text(1 + next(5)).replace(/\s/g, '')
      if (!word) continue
      expect([...sliced.find(word)], JSON.stringify(word)).toEqual([...whole.find(word)])
      expect([...sliced.find(word)], JSON.stringify(word)).toEqual(naive(texts, word))
    }
  })
})
