import { z } from 'zod'
import { defineEndpoint } from './define'

export const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['ok', 'skipped']) })
const tags = ['health']

export const health = {
  /** GET /health-check: the process and its database answer. */
  check: defineEndpoint({ method: 'GET', path: '/health-check', response: ZHealth, public: true, tags }),
  /** GET /health-check/no-db: the process answers (no database round trip). */
  checkNoDb: defineEndpoint({ method: 'GET', path: '/health-check/no-db', response: ZHealth, public: true, tags }),
}
