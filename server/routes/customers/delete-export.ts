import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { exportCustomersCsv } from '../../services/customers/export-csv'
import { exportCustomerGdpr } from '../../services/customers/export-gdpr'
import { hardDeleteCustomer } from '../../services/customers/hard-delete'

/** Hard delete, the list as CSV and one customer's GDPR export (issue 10). */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.customers.hardDelete, ({ caller, db, storage, params }) =>
    hardDeleteCustomer({ caller, db, storage, id: params.id }),
  )
  handle(app, API.customers.exportCsv, async ({ caller, db, query, reply }) => {
    const { filename, csv } = await exportCustomersCsv({ caller, db, ...query })
    return download(reply, { type: 'text/csv; charset=utf-8', filename, body: csv })
  })
  handle(app, API.customers.exportGdpr, async ({ caller, db, storage, params, reply }) => {
    const { filename, zip } = await exportCustomerGdpr({ caller, db, storage, id: params.id })
    return download(reply, { type: 'application/zip', filename, body: Buffer.from(zip) })
  })
}
export default routes
