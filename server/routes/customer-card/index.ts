import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { getDashboardConfiguration, saveDashboardConfiguration } from '../../services/customer-card/dashboard'
import { getSkinAnalyses, saveSkinAnalysis } from '../../services/customer-card/skin-analysis'

/**
 * The customer card (issue 11): a branch's card configuration and a customer's skin analyses.
 * PUT skin-analysis is keyed by the client's UUID: 201 new, 200 when the same one arrives again.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.dashboardConfigurations.get),
    handler: async (req) =>
      getDashboardConfiguration({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(API.dashboardConfigurations.save),
    handler: async (req) =>
      saveDashboardConfiguration({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        config: req.body.config,
      }),
  })
  app.route({
    ...fromEndpoint(API.skinAnalyses.get),
    handler: async (req) =>
      getSkinAnalyses({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        customerId: req.params.id,
      }),
  })
  app.route({
    ...fromEndpoint(API.skinAnalyses.save),
    handler: async (req, reply) => {
      const { analysis, created } = await saveSkinAnalysis({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        customerId: req.params.id,
        input: req.body,
      })
      return reply.code(created ? 201 : 200).send(analysis)
    },
  })
}
export default routes
