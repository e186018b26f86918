import { correctedNow } from '../../api/device-clock'
import { parseDateText } from '../../../contract/dates'
import type { MessageKey, MessageParams } from '../../../contract/messages'

/**
 * Today in the salon's time zone, yyyy-MM-dd, by the device's clock corrected towards the
 * server's (a tablet whose clock reset must not offer last year; src/api/device-clock.ts).
 */
export function localToday(now: Date = correctedNow()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export type AnalysisDay = { ok: true; iso: string } | { ok: false; code: MessageKey; params: MessageParams }

/**
 * The typed day of a skin analysis (dd-mm-yyyy): a real date, and not after today here — an
 * analysis records what was seen. The server allows a day more (another time zone, a clock
 * that runs ahead); the form holds to the salon's own today.
 */
export function analysisDay(text: string, today: string): AnalysisDay {
  const parsed = parseDateText(text)
  if (!parsed.ok) {
    if (parsed.reason === 'empty') return { ok: false, code: 'required', params: {} }
    return { ok: false, code: parsed.reason === 'format' ? 'date' : 'dateInvalid', params: { value: text } }
  }
  if (parsed.iso > today) return { ok: false, code: 'skinAnalysis.futureDate', params: {} }
  return parsed
}
