import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'

const url = process.env.TEST_DATABASE_URL

/**
 * PostgreSQL only: the server ends an idle pooled connection (a restart, a failover, an
 * administrator). That must not crash the process (an unheard pool 'error' event would), and the
 * next query must work on a new connection.
 */
describe.skipIf(!url)('database connection loss (PostgreSQL)', () => {
  const opened = url ? openDatabase({ url, dataDir: '' }) : null
  afterAll(async () => (await opened)?.close())

  it('db: an idle connection ended by the server is replaced; nothing crashes', async () => {
    const { db } = (await opened)!
    const pid = ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
      .rows[0].pid
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [pid])
    await admin.end()
    // Let the pool hear the end of its idle connection (the event that used to go unhandled).
    await new Promise((r) => setTimeout(r, 200))
    const again = (await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }
    expect(again.rows[0].one).toBe(1)
  })
})
