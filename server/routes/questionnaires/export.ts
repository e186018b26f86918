import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { exportSubmissionsCsv } from '../../services/submissions/export'

/** GET …/questionnaires/{id}/export: the submissions as a CSV file a spreadsheet opens. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.questionnaires.export),
    handler: async (req, reply) => {
      const { filename, csv } = await exportSubmissionsCsv({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
      })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(csv)
    },
  })
}
export default routes
