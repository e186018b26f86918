import { z } from 'zod'
import { ZEmployeeSession } from '../auth'
import {
  ZChallengeQuery,
  ZChallengeResult,
  ZCreateOrganisation,
  ZOrganisation,
  ZPublicOrganisation,
  ZUpdateOrganisation,
} from '../organisations'
import { defineEndpoint } from './define'
import { ZOrgRefParams } from './params'

const tags = ['organisations']
export const ZCustomerSettings = z.object({ companyName: z.string(), slug: z.string() })
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
  customerSettings: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customer-settings',
    params: ZOrgRefParams,
    response: ZCustomerSettings,
    public: true,
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
}
