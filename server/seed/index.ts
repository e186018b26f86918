import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'

/**
 * Start-up data: the demo organisation on an empty database (SEED_DEMO) and the global
 * administrator from GLOBAL_ADMIN_EMAIL / GLOBAL_ADMIN_PASSWORD. Prints how to sign in.
 */
export async function seedOnStart(_opts: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<string[]> {
  // TODO(seed): demo organisation and global admin.
  return []
}
