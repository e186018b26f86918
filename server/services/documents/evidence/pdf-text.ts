/*
 * Text for the signed consent PDF (issue 12), pure: the form's sanitised HTML as readable blocks,
 * and every string made safe for pdf-lib's standard fonts. Those fonts (Helvetica, Courier) only
 * encode WinAnsi; any other character makes pdf-lib throw, and a customer's name may hold emoji,
 * Polish, Turkish or Vietnamese letters or control characters. Letters with accents WinAnsi lacks
 * lose the accent (ą → a, ş → s, ễ → e), a few letters that do not decompose get their usual
 * Latin spelling (ł → l, ı → i, đ → d), everything else becomes "?".
 */

/** The 27 WinAnsi code points between 0x80 and 0x9F, as Unicode. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa1 }, (_, i) => 0xa1 + i),
  ...[...WIN_ANSI_EXTRA].map((c) => c.codePointAt(0)!),
])

/** Letters that have no decomposition to a WinAnsi letter. */
const FOLD: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ŀ: 'l',
  Ŀ: 'L',
  ŋ: 'n',
  Ŋ: 'N',
  ſ: 's',
  ə: 'e',
  Ə: 'E',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2032': "'",
  '\u2033': '"',
}

/** Zero-width spaces and joiners, direction marks, emoji variation selectors: nothing to draw. */
const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0xfe0e, 0xfe0f, 0x2060, 0xfeff])

/** Whether a standard font of pdf-lib can draw this character. */
export const isWinAnsi = (ch: string): boolean => WIN_ANSI.has(ch.codePointAt(0) ?? -1)

/**
 * One line of text as the standard fonts can draw it: control characters (line breaks included)
 * become spaces, characters outside WinAnsi are folded to their plain letter or "?".
 */
export function toWinAnsi(text: string): string {
  let out = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) {
      out += ' '
    } else if (isWinAnsi(ch)) {
      out += ch
    } else if (FOLD[ch] !== undefined) {
      out += FOLD[ch]
    } else if (/\p{Mn}/u.test(ch) || INVISIBLE.has(cp)) {
      // Combining marks, zero-width joiners and emoji variation selectors carry nothing to draw.
    } else {
      const base = ch.normalize('NFKD').replace(/\p{Mn}/gu, '')
      out += base && [...base].every(isWinAnsi) ? base : '?'
    }
  }
  return out
}

export type TextBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'listItem'; text: string; marker: string; depth: number }

/** Marks a <br> while whitespace is collapsed (a character no text contains). */
const BR = '\u0001'
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
export const decodeEntities = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10)
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : ''
    }
    return ENTITIES[e.toLowerCase()] ?? m
  })

/**
 * The sanitised rich text of a version (p, br, strong, em, u, ul, ol, li, h2, h3, a) as blocks a
 * reader recognises: headings, paragraphs and list items with their bullet or number. Inline
 * markup keeps its words; a link keeps its text and shows its address after it.
 */
export function htmlToBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = []
  const lists: { ordered: boolean; n: number }[] = []
  let current: TextBlock | null = null
  let text = ''
  let href: string | null = null
  const flush = () => {
    // Source whitespace is one space; a <br> (the marker) is a line break.
    const t = text
      .replace(/[ \t\r\n\f]+/g, ' ')
      .split(BR)
      .map((l) => l.trim())
      .join('\n')
      .trim()
    if (current && t) blocks.push({ ...current, text: t })
    else if (!current && t) blocks.push({ kind: 'paragraph', text: t })
    text = ''
    current = null
  }
  for (const m of html.matchAll(/<\s*(\/?)\s*([a-z0-9]+)([^>]*)>|([^<]+)|(<)/gi)) {
    if (m[4] !== undefined || m[5] !== undefined) {
      text += decodeEntities(m[4] ?? m[5]!)
        .split(BR)
        .join(' ')
      continue
    }
    const closing = m[1] === '/'
    const tag = m[2]!.toLowerCase()
    if (tag === 'br') {
      text += BR
    } else if (tag === 'p' || tag === 'div' || /^h[1-6]$/.test(tag)) {
      flush()
      if (!closing) current = /^h/.test(tag) ? { kind: 'heading', text: '' } : null
    } else if (tag === 'ul' || tag === 'ol') {
      flush()
      if (closing) lists.pop()
      else lists.push({ ordered: tag === 'ol', n: 0 })
    } else if (tag === 'li') {
      flush()
      if (!closing) {
        const list = lists.at(-1) ?? { ordered: false, n: 0 }
        list.n++
        current = {
          kind: 'listItem',
          text: '',
          marker: list.ordered ? `${list.n}.` : '•',
          depth: Math.max(0, lists.length - 1),
        }
      }
    } else if (tag === 'a') {
      if (!closing) href = decodeEntities(/href\s*=\s*"([^"]*)"/i.exec(m[3] ?? '')?.[1] ?? '') || null
      else if (href) {
        if (!text.includes(href)) text += ` (${href})`
        href = null
      }
    }
  }
  flush()
  return blocks
}

/**
 * Splits text into lines no wider than `width` (as `measure` says), at spaces and at hard breaks;
 * a word wider than a line (a hash, an address) is cut where it must be.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = []
  for (const hard of text.split('\n')) {
    let line = ''
    for (const word of hard.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word
      if (measure(candidate) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = ''
      let rest = word
      while (measure(rest) > width) {
        let cut = rest.length - 1
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}
