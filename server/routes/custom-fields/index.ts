import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listCustomFields } from '../../services/custom-fields/read'
import {
  createCustomField,
  deleteCustomField,
  reorderCustomFields,
  updateCustomField,
} from '../../services/custom-fields/write'

/** The organisation's custom customer fields (issue 10). `/order` is matched before `/:id`. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const F = API.customFields
  handle(app, F.list, ({ caller, db }) => listCustomFields({ db, caller }))
  handle(app, F.create, ({ caller, db, body }) => createCustomField({ db, caller, input: body }))
  handle(app, F.reorder, ({ caller, db, body }) => reorderCustomFields({ db, caller, ids: body.ids }))
  handle(app, F.update, ({ caller, db, params, body }) => updateCustomField({ db, caller, id: params.id, patch: body }))
  handle(app, F.remove, ({ caller, db, params }) => deleteCustomField({ db, caller, id: params.id }))
}
export default routes
