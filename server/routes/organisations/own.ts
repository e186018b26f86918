import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { readOwnOrganisation, updateOrganisation } from '../../services/organisations/update'

/** The organisation's own details (ownOrganisation). */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.organisations.get, ({ caller, db }) => readOwnOrganisation({ db, caller }))
  handle(app, API.organisations.update, ({ caller, db, body }) => updateOrganisation({ db, caller, patch: body }))
}
export default routes
