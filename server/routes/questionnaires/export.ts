import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { exportSubmissionsCsv } from '../../services/submissions/export'

/** GET …/questionnaires/{id}/export: the submissions as a CSV file a spreadsheet opens. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.questionnaires.export, async ({ caller, db, params, reply }) => {
    const { filename, csv } = await exportSubmissionsCsv({ db, caller, salonId: params.salon, id: params.id })
    return download(reply, { type: 'text/csv; charset=utf-8', filename, body: csv })
  })
}
export default routes
