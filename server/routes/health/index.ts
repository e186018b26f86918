import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['ok', 'skipped']) })

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health-check', { schema: { tags: ['health'], security: [], response: { 200: ZHealth } } }, async () => {
    await app.db.execute(sql`select 1`)
    return { status: 'ok' as const, database: 'ok' as const }
  })
  app.get(
    '/health-check/no-db',
    { schema: { tags: ['health'], security: [], response: { 200: ZHealth } } },
    async () => ({
      status: 'ok' as const,
      database: 'skipped' as const,
    }),
  )
}
export default routes
