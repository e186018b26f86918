import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { checkImportEmails, importChunk, listImports, undoImport } from '../../services/customer-imports'

/** CSV import of customers: /organisations/{org}/customers/bulk and …/customers/imports. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const I = API.customerImports
  handle(app, I.check, ({ caller, db, body }) => checkImportEmails({ caller, db, emails: body.emails }))
  handle(app, I.bulk, ({ caller, db, body }) => importChunk({ caller, db, input: body }))
  handle(app, I.list, ({ caller, db }) => listImports({ caller, db }))
  handle(app, I.undo, ({ caller, db, params }) => undoImport({ caller, db, id: params.id }))
}
export default routes
