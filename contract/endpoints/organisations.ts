import { z } from 'zod'
import { ZEmployeeSession, ZOk } from '../auth'
import {
  ZChallengeQuery,
  ZConfirmOwnerEmail,
  ZChallengeResult,
  ZCreateOrganisation,
  ZCustomerSettings,
  ZOrganisation,
  ZPublicOrganisation,
  ZUpdateOrganisation,
} from '../organisations'
import { ZPlugAndPayOutcome, ZPlugAndPayWebhook } from '../plug-and-pay'
import { defineEndpoint } from './define'
import { ZOrgParams, ZOrgRefParams } from './params'

const tags = ['organisations']
export const ZPublicOrganisationQuery = z.object({ slug: z.string().trim().min(1).max(100) })
export const ZCreatedOrganisation = z.object({ organisation: ZOrganisation, session: ZEmployeeSession })

export const organisations = {
  /** Sign-up: a new organisation and its owner's session. */
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations',
    body: ZCreateOrganisation,
    response: ZCreatedOrganisation,
    status: 201,
    public: true,
    tags,
  }),
  /**
   * Issue 21 #16: the owner confirms their e-mail address with the code mailed at sign-up; from
   * then on the organisation may e-mail and WhatsApp customers and invite employees. Answers the
   * signed-in employee as /employees/me does (with `emailConfirmed`).
   */
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/email-confirmation',
    params: ZOrgParams,
    body: ZConfirmOwnerEmail,
    response: ZEmployeeSession.shape.employee,
    action: 'organisation.manage',
    whenExpired: 'account',
    tags,
  }),
  /** A new confirmation code to the caller's own address (earlier codes stop working). */
  resendEmailConfirmation: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/email-confirmation/resend',
    params: ZOrgParams,
    response: ZOk,
    action: 'organisation.manage',
    whenExpired: 'account',
    tags,
  }),
  /**
   * Issue 23 G1: Plug&Pay's webhook for a paid order of one of our products (PLUG_AND_PAY_*
   * settings). It carries the shared webhook key in a header instead of a session; the order is
   * fetched from Plug&Pay and, once per order, becomes an organisation on a trial whose owner is
   * invited by e-mail to set a password. Handled and ignored events answer 200; a wrong key 401;
   * Plug&Pay unreachable or the webhook not configured 503 (Plug&Pay retries).
   */
  plugAndPayWebhook: defineEndpoint({
    method: 'POST',
    path: '/organisations/plug-and-pay/new-organisation/webhook',
    body: ZPlugAndPayWebhook,
    response: ZPlugAndPayOutcome,
    public: true,
    tags,
  }),
  /** Is this slug / e-mail still free (live check while signing up). */
  challenge: defineEndpoint({
    method: 'GET',
    path: '/organisations/challenge',
    query: ZChallengeQuery,
    response: ZChallengeResult,
    public: true,
    tags,
  }),
  /** The public face of an organisation, by slug. */
  findPublic: defineEndpoint({
    method: 'GET',
    path: '/organisations/public',
    query: ZPublicOrganisationQuery,
    response: ZPublicOrganisation,
    public: true,
    tags,
  }),
  /**
   * What a signed-in customer's screens need (name, logo, languages). Spec §6 lists it among the
   * calls with credentials: any employee or customer of the organisation; another one's is 404.
   */
  customerSettings: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customer-settings',
    params: ZOrgParams,
    response: ZCustomerSettings,
    action: 'organisation.customerSettings',
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org',
    params: ZOrgRefParams,
    response: ZOrganisation,
    action: 'organisation.manage',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org',
    params: ZOrgRefParams,
    body: ZUpdateOrganisation,
    response: ZOrganisation,
    action: 'organisation.manage',
    tags,
  }),
  /**
   * Multipart, one image (field `file`): replaces the salon's logo. The type is decided by the
   * file's bytes (PNG, JPEG, WebP, GIF), at most 5 MB, like every uploaded image.
   */
  uploadLogo: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/logo',
    params: ZOrgParams,
    multipart: true,
    response: ZOrganisation,
    action: 'organisation.manage',
    tags,
  }),
  /** Removes the logo: the screens and e-mails show the company name again. */
  removeLogo: defineEndpoint({
    method: 'DELETE',
    path: '/organisations/:org/logo',
    params: ZOrgParams,
    response: ZOrganisation,
    action: 'organisation.manage',
    tags,
  }),
}
