import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle, withStatus } from '../../http/handle'
import { getDashboardConfiguration, saveDashboardConfiguration } from '../../services/customer-card/dashboard'
import { getSkinAnalyses, saveSkinAnalysis } from '../../services/customer-card/skin-analysis'

/**
 * The customer card (issue 11): a branch's card configuration and a customer's skin analyses.
 * PUT skin-analysis is keyed by the client's UUID: 201 new, 200 when the same one arrives again.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.dashboardConfigurations.get, ({ caller, db, params }) =>
    getDashboardConfiguration({ db, caller, salonId: params.salon }),
  )
  handle(app, API.dashboardConfigurations.save, ({ caller, db, params, body }) =>
    saveDashboardConfiguration({ db, caller, salonId: params.salon, config: body.config }),
  )
  handle(app, API.skinAnalyses.get, ({ caller, db, params }) =>
    getSkinAnalyses({ db, caller, salonId: params.salon, customerId: params.id }),
  )
  handle(app, API.skinAnalyses.save, async ({ caller, db, params, body }) => {
    const { analysis, created } = await saveSkinAnalysis({
      db,
      caller,
      salonId: params.salon,
      customerId: params.id,
      input: body,
    })
    return withStatus(created ? 201 : 200, analysis)
  })
}
export default routes
