import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { checkImportEmails, importChunk, listImports, undoImport } from '../../services/customer-imports'

/** CSV import of customers: /organisations/{org}/customers/bulk and …/customers/imports. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customerImports.check),
    handler: async (req) => checkImportEmails({ caller: await callerOf(req), db: app.db, emails: req.body.emails }),
  })
  app.route({
    ...fromEndpoint(API.customerImports.bulk),
    handler: async (req) => importChunk({ caller: await callerOf(req), db: app.db, input: req.body }),
  })
  app.route({
    ...fromEndpoint(API.customerImports.list),
    handler: async (req) => listImports({ caller: await callerOf(req), db: app.db }),
  })
  app.route({
    ...fromEndpoint(API.customerImports.undo),
    handler: async (req) => undoImport({ caller: await callerOf(req), db: app.db, id: req.params.id }),
  })
}
export default routes
