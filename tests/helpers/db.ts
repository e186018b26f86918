import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client'
import { runMigrations } from '../../server/db/migrate'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close). `migrate: false` leaves
 * it empty for server processes to migrate (tests/scale).
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    // Migrated once per run (tests/helpers/pglite-template.ts); a runner without that set-up migrates here.
    const template = migratedTemplate()
    const database = await openDatabase({ dataDir: 'memory://', template: migrate ? template : undefined })
    if (migrate && !template) await runMigrations(database)
    return database
  }
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const database = await openDatabase({ url: dbUrl.toString(), dataDir: '', poolSize: 5 })
  if (migrate) await runMigrations(database)
  return {
    ...database,
    close: async () => {
      await database.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

let template: Blob | undefined
function migratedTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate')
  if (!file) return undefined
  template ??= new Blob([readFileSync(file)])
  return template
}
