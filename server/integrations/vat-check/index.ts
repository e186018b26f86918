import type { Config } from '../../config'
import { countryCode, viesCountryCode } from './countries'

/*
 * The VAT-number check (research §2.3): is this number registered in that member state? The
 * port answers valid, invalid or unavailable — unavailable whenever the service gave no answer
 * (a time-out, a network error, a 5xx, a member state that is down, a reply we cannot read),
 * never a guess, because a reverse charge on a number nobody verified leaves us owing the VAT.
 */

export type VatCheckStatus = 'valid' | 'invalid' | 'unavailable'

export type VatCheckResult = {
  status: VatCheckStatus
  /** The trader's registered name and address as the register gives them (null when it withholds them). */
  name: string | null
  address: string | null
  /** VIES's request identifier: the proof of the check, given when we sent our own VAT number as requester. */
  consultationNumber: string | null
  checkedAt: Date
}

export type VatCheck = { check(country: string, vatNumber: string): Promise<VatCheckResult> }

/** How long we wait for VIES before calling the check unavailable (it waits on the member state itself). */
export const VAT_CHECK_TIMEOUT_MS = 5_000

/**
 * A number as VIES wants it: spaces, dots, dashes and slashes gone, upper case, and the country
 * prefix removed when the number carries it ("NL 8543.21.987.B01" → "854321987B01"; Greece's
 * numbers start with EL, and GR is accepted as well).
 */
export function normaliseVatNumber(country: string, vatNumber: string): { countryCode: string; vatNumber: string } {
  const iso = countryCode(country) ?? country.trim().toUpperCase()
  const code = viesCountryCode(iso)
  let number = vatNumber.replace(/[\s.\-/,]/g, '').toUpperCase()
  for (const prefix of new Set([code, iso])) {
    if (number.startsWith(prefix) && number.length > prefix.length) {
      number = number.slice(prefix.length)
      break
    }
  }
  return { countryCode: code, vatNumber: number }
}

/** VIES's error codes that are a verdict on the number itself; every other error is "no answer". */
const INVALID_ERRORS = new Set(['INVALID_INPUT'])

/** VIES's answer to POST /check-vat-number, the parts we read. */
type ViesReply = {
  valid?: unknown
  name?: unknown
  address?: unknown
  requestIdentifier?: unknown
  actionSucceed?: unknown
  errorWrappers?: { error?: unknown; message?: unknown }[]
}

/** VIES writes "---" where a member state withholds the name or address. */
const text = (v: unknown) => (typeof v === 'string' && v.trim() && !/^-+$/.test(v.trim()) ? v.trim() : null)

export type ViesOptions = {
  /** The REST base, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api. */
  url: string
  /** Our own VAT number (with its country prefix): VIES then returns a consultation number. */
  requesterNumber?: string
  timeoutMs?: number
  /** Told why a check came back unavailable (the caller's logger). */
  onUnavailable?: (reason: string) => void
}

/**
 * The EU's VIES REST API: POST {url}/check-vat-number with
 * `{ countryCode, vatNumber, requesterMemberStateCode?, requesterNumber? }`; a verdict is
 * `{ valid, name, address, requestIdentifier, requestDate, … }`, a failure
 * `{ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message }] }` — sometimes
 * with status 200, so the body decides, not the status.
 */
export function createViesVatCheck(opts: ViesOptions): VatCheck {
  const base = opts.url.replace(/\/$/, '')
  const requester = opts.requesterNumber ? splitRequester(opts.requesterNumber) : null
  return {
    async check(country, vatNumber) {
      const checkedAt = new Date()
      const unavailable = (reason: string): VatCheckResult => {
        opts.onUnavailable?.(reason)
        return { status: 'unavailable', name: null, address: null, consultationNumber: null, checkedAt }
      }
      const q = normaliseVatNumber(country, vatNumber)
      if (!/^[A-Z]{2}$/.test(q.countryCode)) return unavailable(`not a member state code: ${q.countryCode}`)
      if (!q.vatNumber) return { status: 'invalid', name: null, address: null, consultationNumber: null, checkedAt }
      let reply: ViesReply
      try {
        const res = await fetch(`${base}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode: q.countryCode,
            vatNumber: q.vatNumber,
            ...(requester
              ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber }
              : {}),
          }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? VAT_CHECK_TIMEOUT_MS),
        })
        const body = await res.text()
        try {
          reply = JSON.parse(body) as ViesReply
        } catch {
          return unavailable(`VIES ${res.status}: not JSON: ${body.slice(0, 200)}`)
        }
        if (!reply || typeof reply !== 'object') return unavailable(`VIES ${res.status}: not an object`)
        const errors = (Array.isArray(reply.errorWrappers) ? reply.errorWrappers : []).map((e) => String(e?.error))
        if (reply.actionSucceed === false || errors.length > 0) {
          if (errors.length > 0 && errors.every((e) => INVALID_ERRORS.has(e)))
            return { status: 'invalid', name: null, address: null, consultationNumber: null, checkedAt }
          return unavailable(`VIES ${res.status}: ${errors.join(', ') || 'action failed'}`)
        }
        if (!res.ok) return unavailable(`VIES ${res.status}`)
      } catch (err) {
        return unavailable(`VIES unreachable: ${(err as Error).message}`)
      }
      if (typeof reply.valid !== 'boolean') return unavailable('VIES: no verdict in the reply')
      return {
        status: reply.valid ? 'valid' : 'invalid',
        name: reply.valid ? text(reply.name) : null,
        address: reply.valid ? text(reply.address) : null,
        consultationNumber: text(reply.requestIdentifier),
        checkedAt,
      }
    },
  }
}

/** Our own VAT number as VIES's requester fields ("NL123456789B01" → NL + 123456789B01). */
function splitRequester(requesterNumber: string) {
  const compact = requesterNumber.replace(/[\s.\-/]/g, '').toUpperCase()
  const prefix = compact.slice(0, 2)
  return normaliseVatNumber(prefix === 'EL' ? 'GR' : prefix, compact)
}

/** The app's VAT check from its configuration (VAT_CHECK_URL, VAT_REQUESTER_NUMBER). */
export function createVatCheck(
  config: Pick<Config, 'vatCheckUrl' | 'vatRequesterNumber'>,
  opts: { timeoutMs?: number; onUnavailable?: (reason: string) => void } = {},
): VatCheck {
  return createViesVatCheck({
    url: config.vatCheckUrl,
    requesterNumber: config.vatRequesterNumber,
    timeoutMs: opts.timeoutMs,
    onUnavailable: opts.onUnavailable,
  })
}
