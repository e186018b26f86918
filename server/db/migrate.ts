import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Runs pending migrations. On PostgreSQL an advisory lock makes several instances starting at
 * once take turns instead of racing on the same DDL.
 */
export async function runMigrations(database: Pick<Database, 'db' | 'kind'>): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrators take their own driver type
    await migratePglite(database.db as any, { migrationsFolder })
    return
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`)
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await migratePg(tx as any, { migrationsFolder })
  })
}
