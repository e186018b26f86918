import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZOrganisation, ZUpdateOrganisation } from '../../../contract/organisations'
import { requireEmployee } from '../../auth/guards'
import { readOwnOrganisation, updateOrganisation } from '../../services/organisations/update'
import { ZOrgParams } from './schemas'

/** The organisation's own details (ownOrganisation). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org',
    { schema: { tags: ['organisations'], params: ZOrgParams, response: { 200: ZOrganisation } } },
    async (req) => readOwnOrganisation({ db: app.db, scope: await requireEmployee(req, req.params.org) }),
  )
  app.put(
    '/organisations/:org',
    {
      schema: {
        tags: ['organisations'],
        params: ZOrgParams,
        body: ZUpdateOrganisation,
        response: { 200: ZOrganisation },
      },
    },
    async (req) =>
      updateOrganisation({ db: app.db, scope: await requireEmployee(req, req.params.org), patch: req.body }),
  )
}
export default routes
