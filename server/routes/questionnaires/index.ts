import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZCreateQuestionnaire, ZQuestionnaire, ZUpdateQuestionnaire } from '../../../contract/questionnaires'
import { callerOf } from '../../http/caller'
import {
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnaires,
  updateQuestionnaire,
} from '../../services/questionnaires'
import exportRoutes from './export'
import sendRoutes from './send'
import shortcutRoutes from './shortcuts'
import { base, tags, ZItemParams, ZSalonParams } from './params'

/**
 * /organisations/{org}/salons/{salon}/questionnaires. Questionnaires are organisation-wide; the
 * branch only scopes the permission check. Customers may read the ones meant for them.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(base, { schema: { tags, params: ZSalonParams, response: { 200: z.array(ZQuestionnaire) } } }, async (req) =>
    listQuestionnaires({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  )
  app.get(`${base}/:id`, { schema: { tags, params: ZItemParams, response: { 200: ZQuestionnaire } } }, async (req) =>
    getQuestionnaire({
      db: app.db,
      caller: await callerOf(req),
      salonId: req.params.salon,
      id: req.params.id,
    }),
  )
  app.post(
    base,
    { schema: { tags, params: ZSalonParams, body: ZCreateQuestionnaire, response: { 201: ZQuestionnaire } } },
    async (req, reply) => {
      const caller = await callerOf(req)
      const q = await createQuestionnaire({ db: app.db, caller, salonId: req.params.salon, input: req.body })
      return reply.code(201).send(q)
    },
  )
  app.put(
    `${base}/:id`,
    { schema: { tags, params: ZItemParams, body: ZUpdateQuestionnaire, response: { 200: ZQuestionnaire } } },
    async (req) =>
      updateQuestionnaire({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        patch: req.body,
      }),
  )
  await app.register(exportRoutes)
  await app.register(shortcutRoutes)
  await app.register(sendRoutes)
}
export default routes
