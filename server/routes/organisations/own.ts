import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ZOrganisation, ZUpdateOrganisation } from '../../../contract/organisations'
import { callerOf } from '../../http/caller'
import { readOwnOrganisation, updateOrganisation } from '../../services/organisations/update'
import { ZOrgParams } from './schemas'

/** The organisation's own details (ownOrganisation). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org',
    { schema: { tags: ['organisations'], params: ZOrgParams, response: { 200: ZOrganisation } } },
    async (req) => readOwnOrganisation({ db: app.db, caller: await callerOf(req) }),
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
    async (req) => updateOrganisation({ db: app.db, caller: await callerOf(req), patch: req.body }),
  )
}
export default routes
