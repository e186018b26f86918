/**
 * A number answer as typed: "1,5" and "1.5" are 1.5, empty is no answer, and anything else is
 * kept as the text itself so the form can say it is not a number (validateAnswers) instead of
 * dropping it.
 */
export function parseNumberText(text: string): number | string | null {
  const s = text.trim()
  if (!s) return null
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return s
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) ? n : s
}
