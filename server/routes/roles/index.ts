import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { listRoles } from '../../services/roles/read'
import { createRole, updateRole } from '../../services/roles/write'

/** Roles (spec §6): list, create, change name and permissions. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.roles.list, ({ caller, db }) => listRoles({ db, caller }))
  handle(app, API.roles.create, ({ caller, db, body }) => createRole({ db, caller, input: body }))
  handle(app, API.roles.update, ({ caller, db, params, body }) =>
    updateRole({ db, caller, id: params.id, patch: body }),
  )
}
export default routes
