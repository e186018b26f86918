import { z } from 'zod'
import { msg } from './messages'
import { ZLanguage } from './enums'
import { SLUG_RE, zEmail, zPassword, zRequired } from './validation'

export const ZSlug = z.string().trim().toLowerCase().min(1, msg('slug')).regex(SLUG_RE, msg('slugFormat'))

/** Spec §3 Organisation fields; shared by create and update. */
export const ZOrganisationFields = z.object({
  legalName: zRequired('legalName').max(200),
  companyName: zRequired('companyName').max(200),
  slug: ZSlug,
  vatNumber: zRequired('vat').max(40),
  invoiceLanguage: ZLanguage,
  country: zRequired('country').max(100),
  addressLine1: zRequired('address1').max(200),
  addressLine2: z.string().trim().max(200).default(''),
  postalCode: zRequired('postalCode').max(20),
  city: zRequired('city').max(100),
  contactPerson: zRequired('contactPerson').max(200),
})

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

export const ZUpdateOrganisation = ZOrganisationFields.partial()
export type UpdateOrganisation = z.infer<typeof ZUpdateOrganisation>

export const ZOrganisation = ZOrganisationFields.extend({
  id: z.string().uuid(),
  createdAt: z.string(),
})
export type Organisation = z.infer<typeof ZOrganisation>

/** GET /organisations/public?slug=: what an unauthenticated visitor may know. */
export const ZPublicOrganisation = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  companyName: z.string(),
})
export type PublicOrganisation = z.infer<typeof ZPublicOrganisation>

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
