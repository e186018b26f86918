import { z } from 'zod'
import { msg } from './messages'
import { LANGUAGES, ZLanguage } from './enums'
import { LOGIN_CODE_LENGTH, SLUG_RE, zEmail, zPassword, zRequired } from './validation'

/** An empty web address says only that it is required (abort: the format check does not pile on). */
export const ZSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { ...msg('slug'), abort: true })
  .regex(SLUG_RE, msg('slugFormat'))

/** Spec §3 Organisation fields, each with the spec's message (§5). */
const FIELDS = {
  legalName: zRequired('legalName').max(200),
  companyName: zRequired('companyName').max(200),
  slug: ZSlug,
  vatNumber: zRequired('vat').max(40),
  // Spec §5 "Invoice language is required.": also for a value that is not one of ours.
  invoiceLanguage: z.enum(LANGUAGES, msg('invoiceLanguage')),
  country: zRequired('country').max(100),
  addressLine1: zRequired('address1').max(200),
  addressLine2: z.string().trim().max(200),
  postalCode: zRequired('postalCode').max(20),
  city: zRequired('city').max(100),
  contactPerson: zRequired('contactPerson').max(200),
}

/** The whole organisation (sign-up, the settings form): address line 2 may be left out. */
export const ZOrganisationFields = z.object({ ...FIELDS, addressLine2: FIELDS.addressLine2.default('') })

/** POST /organisations: the organisation, its first branch and its first admin in one go. */
export const ZCreateOrganisation = ZOrganisationFields.extend({
  branchName: zRequired('branchName').max(200),
  admin: z.object({
    firstName: zRequired('required').max(100),
    lastName: zRequired('required').max(100),
    email: zEmail,
    password: zPassword,
    language: ZLanguage.default('nl'),
  }),
})
export type CreateOrganisation = z.infer<typeof ZCreateOrganisation>

/** PUT /organisations/{org}: the fields sent change; one left out stays as it is (no defaults here). */
export const ZUpdateOrganisation = z.object(FIELDS).partial()
export type UpdateOrganisation = z.infer<typeof ZUpdateOrganisation>

/**
 * The logo's address (`/storage/<org>/logo/<uuid>.png`, relative to the site root like every
 * stored file's `url`), or null without a logo. Public: a logo is not secret, and the sign-in
 * page and e-mails show it to people without a session.
 */
const ZLogoUrl = z.string().nullable()

export const ZOrganisation = ZOrganisationFields.extend({
  id: z.string().uuid(),
  logoUrl: ZLogoUrl,
  createdAt: z.string(),
})
export type Organisation = z.infer<typeof ZOrganisation>

/**
 * GET /organisations/public?slug=: what an unauthenticated visitor may know. Asked with an
 * earlier web address it answers the current `slug`, so the client can send old links on.
 */
export const ZPublicOrganisation = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  companyName: z.string(),
  logoUrl: ZLogoUrl,
})
export type PublicOrganisation = z.infer<typeof ZPublicOrganisation>

/**
 * GET /organisations/{org}/customer-settings (a session of the organisation: staff or customer):
 * what the customer's screens show, kept on the device for offline use.
 */
export const ZCustomerSettings = z.object({
  id: z.string().uuid(),
  companyName: z.string(),
  slug: z.string(),
  logoUrl: ZLogoUrl,
  /** The languages the customer screens offer, the organisation's own (invoice) language first. */
  languages: z.array(ZLanguage).min(1),
  defaultLanguage: ZLanguage,
})
export type CustomerSettings = z.infer<typeof ZCustomerSettings>

/** GET /organisations/challenge?slug=&companyName=: live availability check. */
export const ZChallengeQuery = z.object({
  slug: z.string().trim().toLowerCase().max(60).optional(),
  companyName: z.string().trim().max(200).optional(),
})
export const ZChallengeResult = z.object({
  slugAvailable: z.boolean().nullable(),
  companyNameAvailable: z.boolean().nullable(),
})
export type ChallengeResult = z.infer<typeof ZChallengeResult>

/**
 * POST /organisations/{org}/email-confirmation (issue 21 #16): the code mailed to the owner at
 * sign-up, of the login code's length and alphabet, typed in either case.
 */
export const ZConfirmOwnerEmail = z.object({
  code: z.string().trim().toUpperCase().length(LOGIN_CODE_LENGTH, msg('confirmationCode')),
})
export type ConfirmOwnerEmail = z.infer<typeof ZConfirmOwnerEmail>
