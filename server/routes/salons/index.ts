import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { getSalon, listSalons } from '../../services/salons/read'
import { createSalon, updateSalon } from '../../services/salons/write'

/** Branches (salons in the API): list with counts, create, read, rename. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.salons.list, ({ caller, db }) => listSalons({ db, caller }))
  handle(app, API.salons.create, ({ caller, db, body }) => createSalon({ db, caller, input: body }))
  handle(app, API.salons.get, ({ caller, db, params }) => getSalon({ db, caller, id: params.salon }))
  handle(app, API.salons.update, ({ caller, db, params, body }) =>
    updateSalon({ db, caller, id: params.salon, patch: body }),
  )
}
export default routes
