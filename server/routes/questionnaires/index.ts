import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import {
  createQuestionnaire,
  getQuestionnaire,
  listQuestionnaires,
  updateQuestionnaire,
} from '../../services/questionnaires'
import exportRoutes from './export'
import sendRoutes from './send'
import shortcutRoutes from './shortcuts'

/**
 * /organisations/{org}/salons/{salon}/questionnaires. Questionnaires are organisation-wide; the
 * branch only scopes the permission check. Customers may read the ones meant for them.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.questionnaires.list),
    handler: async (req) => listQuestionnaires({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(API.questionnaires.get),
    handler: async (req) =>
      getQuestionnaire({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, id: req.params.id }),
  })
  app.route({
    ...fromEndpoint(API.questionnaires.create),
    handler: async (req, reply) => {
      const caller = await callerOf(req)
      const q = await createQuestionnaire({ db: app.db, caller, salonId: req.params.salon, input: req.body })
      return reply.code(201).send(q)
    },
  })
  app.route({
    ...fromEndpoint(API.questionnaires.update),
    handler: async (req) =>
      updateQuestionnaire({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        patch: req.body,
      }),
  })
  await app.register(exportRoutes)
  await app.register(shortcutRoutes)
  await app.register(sendRoutes)
}
export default routes
