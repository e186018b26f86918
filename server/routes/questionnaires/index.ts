import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
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
  const Q = API.questionnaires
  handle(app, Q.list, ({ caller, db, params }) => listQuestionnaires({ db, caller, salonId: params.salon }))
  handle(app, Q.get, ({ caller, db, params }) => getQuestionnaire({ db, caller, salonId: params.salon, id: params.id }))
  handle(app, Q.create, ({ caller, db, params, body }) =>
    createQuestionnaire({ db, caller, salonId: params.salon, input: body }),
  )
  handle(app, Q.update, ({ caller, db, params, body }) =>
    updateQuestionnaire({ db, caller, salonId: params.salon, id: params.id, patch: body }),
  )
  await app.register(exportRoutes)
  await app.register(shortcutRoutes)
  await app.register(sendRoutes)
}
export default routes
