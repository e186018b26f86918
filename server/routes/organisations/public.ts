import { perIp } from '../auth/limits'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZChallengeQuery, ZChallengeResult, ZPublicOrganisation } from '../../../contract/organisations'
import { challenge } from '../../services/organisations/availability'
import { getOrganisation } from '../../services/organisations/find'
import { ZCustomerSettings, ZOrgParams } from './schemas'

/** Calls without a session: availability check, public lookup by slug, customer-area settings. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/challenge',
    {
      schema: {
        tags: ['organisations'],
        security: [],
        querystring: ZChallengeQuery,
        response: { 200: ZChallengeResult },
      },
      // A live check on every keystroke: generous, but still bounded so it cannot enumerate slugs fast.
      config: perIp(300),
    },
    (req) => challenge(app.db, req.query),
  )

  app.get(
    '/organisations/public',
    {
      schema: {
        tags: ['organisations'],
        security: [],
        querystring: z.object({ slug: z.string().trim().min(1).max(100) }),
        response: { 200: ZPublicOrganisation },
      },
    },
    async (req) => {
      const o = await getOrganisation(app.db, req.query.slug)
      return { id: o.id, slug: o.slug, companyName: o.companyName }
    },
  )

  app.get(
    '/organisations/:org/customer-settings',
    { schema: { tags: ['organisations'], security: [], params: ZOrgParams, response: { 200: ZCustomerSettings } } },
    async (req) => {
      const o = await getOrganisation(app.db, req.params.org)
      return { companyName: o.companyName, slug: o.slug }
    },
  )
}
export default routes
