import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listConflicts, resolveConflict } from '../../services/customers'

const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.conflicts, ({ caller, db, params }) => listConflicts({ caller, db, customerId: params.id }))
  handle(app, API.customers.resolveConflict, ({ caller, db, params }) =>
    resolveConflict({ caller, db, id: params.conflictId, customerId: params.id }),
  )
}
export default routes
