import { PGlite } from '@electric-sql/pglite'
import type { PoolStats } from '../ops/metrics'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { JobStore } from '../jobs/runner'
import { type AccessChanges, pgliteAccessChanges, postgresAccessChanges } from './access-changes'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle; services accept `Db | Tx` wherever they can run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Where the job queue keeps its tables (server/jobs/runner.ts). */
  jobStore: JobStore
  /** PostgreSQL's address (a second instance of the same database in tests opens it again). */
  url?: string
  /** Access changes announced by the database (server/db/access-changes.ts), for the session cache. */
  accessChanges: AccessChanges
  /** PostgreSQL's pool, for the metrics (server/ops); PGlite has one connection and none. */
  poolStats?: () => PoolStats
  close: () => Promise<void>
}

/**
 * Opens the database: PostgreSQL when `url` starts with postgres://, otherwise PGlite with its
 * files in `dataDir` (or in memory when dataDir is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string
  dataDir: string
  poolSize?: number
  /** In memory only: start from this dumped data directory (PGlite's dumpDataDir) instead of an empty one. */
  template?: Blob
}): Promise<Database> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 })
    // An idle pooled connection the server ends (a restart, a failover, an administrator, a test
    // dropping its database) emits 'error' on the pool; unheard, that event would crash the whole
    // process. The pool drops the connection and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const max = opts.poolSize ?? 10
    const accessChanges = postgresAccessChanges(opts.url)
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      jobStore: { kind: 'postgres', connectionString: opts.url },
      accessChanges,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: async () => {
        await accessChanges.close()
        await pool.end()
      },
    }
  }
  // pg_trgm backs the customer search index (migration 0001_customers_search), as on PostgreSQL.
  const extensions = { pg_trgm }
  const client =
    opts.dataDir === 'memory://'
      ? new PGlite({ extensions, loadDataDir: opts.template })
      : new PGlite({ dataDir: opts.dataDir, extensions })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  // The job queue shares the one PGlite connection; a statement list without values (its
  // migrations, BEGIN … COMMIT blocks) goes through exec, which runs several statements.
  const executeSql = async (text: string, values: unknown[]) => {
    if (values?.length) return client.query(text, values)
    const results = await client.exec(text)
    return results[results.length - 1] ?? { rows: [] }
  }
  const accessChanges = await pgliteAccessChanges(client)
  return {
    db,
    kind: 'pglite',
    jobStore: { kind: 'pglite', executeSql },
    accessChanges,
    close: async () => {
      await accessChanges.close()
      await client.close()
    },
  }
}
