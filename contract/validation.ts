import { z } from 'zod'
import { isNationalPhone, normalisePhone, type PhoneRegion } from './phone'
import { isIsoDate, parseDateText } from './dates'

import { type ContractIssue, contractIssue, customIssue, type MessageKey, msg } from './messages'

export { MSG } from './messages'

/** Spec §9: at least 8 characters with one lowercase letter, one uppercase letter and one digit. */
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/
/** Spec §9: a plus sign followed by at least 7 digits (what is stored; see ./phone). */
export const PHONE_RE = /^\+\d{7,}$/
/** Slug: lowercase letters, digits, single dashes; 3–40 characters. */
export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/

/**
 * "Salon Lumière & Co" → "salon-lumiere-co": a web address from a company name (the sign-up
 * form's suggestion; the Plug&Pay webhook's organisations).
 */
export function suggestSlug(companyName: string): string {
  return companyName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
}
/** Spec §9: the login code has 6 characters. */
export const LOGIN_CODE_LENGTH = 6

/** A required text whose empty value says the contract message `key` (`legalName`, `required`, …). */
export const zRequired = (key: MessageKey) => z.string().trim().min(1, msg(key))
export const zEmail = z.string().trim().toLowerCase().email(msg('email')).max(254, msg('email'))
export const zPassword = z.string().regex(PASSWORD_RE, msg('password')).max(200, msg('password'))
/** The "type it twice" check of every new-password form; null when the confirmation is right. */
export function confirmationError(password: string, confirmation: string): ContractIssue | null {
  if (!confirmation) return contractIssue('passwordConfirmation')
  return confirmation === password ? null : contractIssue('passwordsMismatch')
}
/** A new password with its confirmation (reset password, sign-up). */
export const ZNewPassword = z.object({ password: zPassword, confirmation: z.string() }).superRefine((v, ctx) => {
  const problem = confirmationError(v.password, v.confirmation)
  if (problem) ctx.addIssue({ ...customIssue(problem.code), path: ['confirmation'] })
})
/**
 * A phone number as typed → E.164 (./phone). With the organisation's `region` a national number
 * ("0612345678") is completed here; without one (the server's static route schemas) it passes on
 * as typed and the service completes it with the organisation's country (services/customers/
 * phones.ts), so REST, sync and the forms store the same "+31612345678".
 */
function toE164(v: string, region: PhoneRegion | undefined, ctx: z.RefinementCtx): string {
  const e164 = normalisePhone(v, region)
  if (e164) return e164
  if (!region && isNationalPhone(v) && /^[\d\s\-()./]{6,}$/.test(v)) return v
  ctx.addIssue(customIssue('phone'))
  return z.NEVER
}
export const zPhoneIn = (region?: PhoneRegion) =>
  z
    .string()
    .trim()
    .max(40, msg('phone'))
    .transform((v, ctx) => toE164(v, region, ctx))
export const zPhone = zPhoneIn()
/**
 * A list's page: beyond any real list (10,000 pages of 200), so a page number the database
 * cannot turn into an offset is a 400 on this field, not a database error.
 */
export const MAX_PAGE = 10_000
/** List paging in a query string (text) and in a JSON body. */
export const zPageQuery = {
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
}
export const zPageBody = {
  page: z.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
}
/** Optional free text: empty strings become null so "cleared" and "never set" look the same. */
export const zOptionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))
/** An optional phone number (see zPhoneIn): empty becomes null. */
export const zOptionalPhoneIn = (region?: PhoneRegion) =>
  z
    .string()
    .trim()
    .max(40, msg('phone'))
    .nullish()
    .transform((v, ctx) => (v ? toE164(v, region, ctx) : null))
export const zOptionalPhone = zOptionalPhoneIn()
/** ISO calendar date (yyyy-MM-dd) of a real day on the wire; the UI shows dd-mm-yyyy (contract/dates). */
export const zIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('date'))
  .superRefine((v, ctx) => {
    if (!isIsoDate(v)) ctx.addIssue(customIssue('dateInvalid', { value: v }))
  })

/**
 * Why a typed dd-mm-yyyy text is not a date (`dateInvalid` with the text as `value`, or `date`),
 * or null when it is one or is empty. Every date field of the app shows this.
 */
export function dateTextError(text: string): ContractIssue | null {
  const r = parseDateText(text)
  if (r.ok || r.reason === 'empty') return null
  return r.reason === 'date' ? contractIssue('dateInvalid', { value: text.trim() }) : contractIssue('date')
}

/**
 * Slugs that would shadow an app route or an API path (spec §2 route table and ARCHITECTURE's
 * one-port layout) are refused.
 */
export const RESERVED_SLUGS = new Set([
  'api',
  'admin',
  'global-admin',
  'global',
  'start',
  'create-organisation',
  'terms-and-conditions',
  'new-questionnaire',
  'shortcut',
  'shortcuts',
  'certificates',
  'storage',
  'assets',
  'static',
  'dev',
  'mailbox',
  'health-check',
  'organisations',
  'sw',
  'manifest',
  'icons',
  'locales',
  'login',
  'logout',
  'upload',
  'images',
  'user-manuals',
  'message-templates',
  'docs',
  'www',
  'app',
])
