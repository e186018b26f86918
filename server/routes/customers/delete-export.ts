import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { exportCustomersCsv } from '../../services/customers/export-csv'
import { exportCustomerGdpr } from '../../services/customers/export-gdpr'
import { hardDeleteCustomer } from '../../services/customers/hard-delete'

const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

/** Hard delete, the list as CSV and one customer's GDPR export (issue 10). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.customers.hardDelete),
    handler: async (req) =>
      hardDeleteCustomer({ caller: await callerOf(req), db: app.db, dataDir: app.config.dataDir, id: req.params.id }),
  })
  app.route({
    ...fromEndpoint(API.customers.exportCsv),
    handler: async (req, reply) => {
      const { filename, csv } = await exportCustomersCsv({ caller: await callerOf(req), db: app.db, ...req.query })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  })
  app.route({
    ...fromEndpoint(API.customers.exportGdpr),
    handler: async (req, reply) => {
      const { filename, zip } = await exportCustomerGdpr({
        caller: await callerOf(req),
        db: app.db,
        dataDir: app.config.dataDir,
        id: req.params.id,
      })
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip))
    },
  })
}
export default routes
