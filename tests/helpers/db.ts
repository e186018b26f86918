import { randomBytes } from 'node:crypto'
import pg from 'pg'
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
    const database = await openDatabase({ dataDir: 'memory://' })
    await runMigrations(database)
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
