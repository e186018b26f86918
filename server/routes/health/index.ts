import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'

const routes: FastifyPluginAsyncZod = async (app) => {
  handle(app, API.health.check, async ({ db }) => {
    await db.execute(sql`select 1`)
    return { status: 'ok' as const, database: 'ok' as const }
  })
  handle(app, API.health.checkNoDb, () => ({ status: 'ok' as const, database: 'skipped' as const }))
}
export default routes
