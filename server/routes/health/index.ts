import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError } from '../../errors'
import { handle } from '../../http/handle'

const routes: FastifyPluginAsyncZod = async (app) => {
  // Readiness: the database answers and the instance is not shutting down (server/main.ts).
  handle(app, API.health.check, async ({ db }) => {
    if (app.draining) throw new AppError('SHUTTING_DOWN')
    await db.execute(sql`select 1`)
    return { status: 'ok' as const, database: 'ok' as const }
  })
  // Liveness: the process answers (restart it when this stops answering).
  handle(app, API.health.checkNoDb, () => ({ status: 'ok' as const, database: 'skipped' as const }))
}
export default routes
