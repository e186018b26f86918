import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { fromEndpoint } from '../../http/endpoint'

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.health.check),
    handler: async () => {
      await app.db.execute(sql`select 1`)
      return { status: 'ok' as const, database: 'ok' as const }
    },
  })
  app.route({
    ...fromEndpoint(API.health.checkNoDb),
    handler: async () => ({ status: 'ok' as const, database: 'skipped' as const }),
  })
}
export default routes
