/*
 * Amounts typed with at most two decimals, kept as integers of hundredths: euro → cents
 * (contract money is integer cents), a percentage → basis points (12,5% → 1250). Read from the
 * text's digits, never through a float multiplication: "19.99" is 1999, not 1998.9999….
 */

/** Typed text → hundredths; null when empty; 'invalid' when it is not an amount with at most two decimals. */
export function parseHundredths(text: string): number | null | 'invalid' {
  const s = text.replace(/[\s\u00a0€%]/g, '')
  if (!s) return null
  const m = s.match(/^(\d{1,9})(?:[.,](\d{0,2}))?$/) ?? s.match(/^()[.,](\d{1,2})$/)
  if (!m) return 'invalid'
  const whole = Number(m[1] || '0')
  const fraction = Number((m[2] ?? '').padEnd(2, '0'))
  return whole * 100 + fraction
}

/**
 * Hundredths as an input shows them, in the reader's decimal mark ("12,50" in Dutch, "12.50" in
 * English): what parseHundredths reads back to the same integer.
 */
export function hundredthsText(value: number | null | undefined, locale: string): string {
  if (value == null) return ''
  const mark = locale.startsWith('en') ? '.' : ','
  const whole = Math.trunc(value / 100)
  const fraction = String(Math.abs(value % 100)).padStart(2, '0')
  return `${whole}${mark}${fraction}`
}
