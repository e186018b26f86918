import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '../server/db/client'

/**
 * A fresh database on the PostgreSQL server (BENCH_DATABASE_URL, TEST_DATABASE_URL, or the
 * development default), dropped on close. Null, with a note, when no server answers.
 */
export async function createPostgresDatabase(): Promise<(Database & { url: string }) | null> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test'
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (err) {
    console.error(`bench: PostgreSQL skipped (${url}: ${(err as Error).message})`)
    return null
  }
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const database = await openDatabase({ url: dbUrl.toString(), dataDir: '', poolSize: 10 })
  return {
    ...database,
    url: dbUrl.toString(),
    close: async () => {
      await database.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      // Drop gently first: `with (force)` kills connections the pool is still closing, and the pool
      // reports that as an unhandled error.
      for (let i = 0; ; i++) {
        try {
          await c.query(`drop database if exists ${name}${i < 20 ? '' : ' with (force)'}`)
          break
        } catch (err) {
          if (i >= 20) throw err
          await new Promise((r) => setTimeout(r, 100))
        }
      }
      await c.end()
    },
  }
}
