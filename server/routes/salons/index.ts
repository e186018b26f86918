import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZCreateSalon, ZSalon, ZUpdateSalon } from '../../../contract/salons'
import { callerOf } from '../../http/caller'
import { getSalon, listSalons } from '../../services/salons/read'
import { createSalon, updateSalon } from '../../services/salons/write'

const ZOrg = z.object({ org: z.string().trim().min(1).max(100) })
const ZOrgSalon = ZOrg.extend({ salon: z.string().uuid() })

/** Branches (salons in the API): list with counts, create, read, rename. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisations/:org/salons',
    { schema: { tags: ['salons'], params: ZOrg, response: { 200: z.array(ZSalon) } } },
    async (req) => listSalons({ db: app.db, caller: await callerOf(req) }),
  )
  app.post(
    '/organisations/:org/salons',
    { schema: { tags: ['salons'], params: ZOrg, body: ZCreateSalon, response: { 201: ZSalon } } },
    async (req, reply) => {
      const salon = await createSalon({
        db: app.db,
        caller: await callerOf(req),
        input: req.body,
      })
      return reply.code(201).send(salon)
    },
  )
  app.get(
    '/organisations/:org/salons/:salon',
    { schema: { tags: ['salons'], params: ZOrgSalon, response: { 200: ZSalon } } },
    async (req) => getSalon({ db: app.db, caller: await callerOf(req), id: req.params.salon }),
  )
  app.put(
    '/organisations/:org/salons/:salon',
    { schema: { tags: ['salons'], params: ZOrgSalon, body: ZUpdateSalon, response: { 200: ZSalon } } },
    async (req) =>
      updateSalon({
        db: app.db,
        caller: await callerOf(req),
        id: req.params.salon,
        patch: req.body,
      }),
  )
}
export default routes
