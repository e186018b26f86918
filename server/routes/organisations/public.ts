import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { challenge } from '../../services/organisations/availability'
import { customerSettings, publicOrganisation } from '../../services/organisations/find'
import { perIp } from '../auth/limits'

/** Calls without a session (availability check, public lookup by slug); and the customer-area settings. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // A live check on every keystroke: generous, but still bounded so it cannot enumerate slugs fast.
  handle(app, API.organisations.challenge, ({ db, query }) => challenge(db, query), { config: perIp(300) })
  handle(app, API.organisations.findPublic, ({ db, query }) => publicOrganisation(db, query.slug))
  handle(app, API.organisations.customerSettings, ({ caller, db }) => customerSettings({ db, caller }))
}
export default routes
