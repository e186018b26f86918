import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { exportSubmissionsCsv } from '../../services/submissions/export'
import { base, tags, ZItemParams } from './params'

/** GET …/questionnaires/{id}/export: the submissions as a CSV file a spreadsheet opens. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${base}/:id/export`, { schema: { tags, params: ZItemParams } }, async (req, reply) => {
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
  })
}
export default routes
