import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import PgBoss from 'pg-boss'

/**
 * Scheduled work (renewal charges, reminders, reconciliation) through pg-boss, a PostgreSQL job
 * queue: its cron schedule and `stately` queues make each tick run once however many instances
 * are up (at most one queued and one active job per name, across every instance). Every job is
 * also idempotent per item (unique rows), so a job that ran twice would still change things once.
 */
export type Job = {
  /** The queue's name (pg-boss: letters, digits, dashes). */
  name: string
  /** Cron in UTC, e.g. every 10 minutes: `*\/10 * * * *`. */
  cron: string
  run: (ctx: { now: Date }) => Promise<unknown>
}

/**
 * Where pg-boss keeps its tables (schema `pgboss`): PostgreSQL by connection string (its own small
 * pool), or PGlite through the one connection the app uses (`executeSql`).
 */
export type JobStore =
  | { kind: 'postgres'; connectionString: string }
  | { kind: 'pglite'; executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> }

export type JobRunner = {
  /** Every job's queue name. */
  names: string[]
  /** Queues a job now (deduplicated like a tick: a second call while one waits adds nothing). */
  runNow: (name: string) => Promise<string | null>
  /** How many jobs of this name wait to run (not counting one running). */
  waiting: (name: string) => Promise<number>
  stop: () => Promise<void>
}

export async function startJobs(opts: {
  store: JobStore
  jobs: readonly Job[]
  log: FastifyBaseLogger
  /** Seconds between polls for work (pg-boss's default is 2). */
  pollingIntervalSeconds?: number
  /** Told of every run's outcome (the metrics, server/ops). */
  onRun?: (job: string, outcome: 'done' | 'failed') => void
  /** Seconds before a failed job is tried again (twice at most). */
  retryDelaySeconds?: number
}): Promise<JobRunner> {
  const { log } = opts
  const boss = new PgBoss(
    opts.store.kind === 'postgres'
      ? { connectionString: opts.store.connectionString, max: 2, schedule: true, supervise: true }
      : { db: { executeSql: opts.store.executeSql as PgBoss.Db['executeSql'] }, schedule: true, supervise: true },
  )
  boss.on('error', (err) => log.error({ err }, 'jobs: pg-boss error'))
  await oneInstanceAtATime(opts.store, async () => {
    await boss.start()
    for (const job of opts.jobs) {
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: 2,
        retryDelay: opts.retryDelaySeconds ?? 60,
      })
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' })
    }
  })
  for (const job of opts.jobs) {
    await boss.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 }, async () => {
      const started = Date.now()
      try {
        const result = await job.run({ now: new Date() })
        log.info({ job: job.name, ms: Date.now() - started, result }, 'jobs: done')
        opts.onRun?.(job.name, 'done')
      } catch (err) {
        opts.onRun?.(job.name, 'failed')
        log.error({ err, job: job.name }, 'jobs: failed (retried by the queue)')
        throw err
      }
    })
  }
  return {
    names: opts.jobs.map((j) => j.name),
    runNow: (name) => boss.send(name, {}),
    waiting: (name) => boss.getQueueSize(name),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  }
}

/**
 * Instances starting together set the queues up one after the other: pg-boss creating the same
 * queue from two instances at once deadlocked on PostgreSQL and the loser's start failed (the
 * several-instances test, issue 25). A session advisory lock on a connection of its own, held
 * while one instance sets up; PGlite has one process and needs none.
 */
async function oneInstanceAtATime(store: JobStore, setUp: () => Promise<void>) {
  if (store.kind !== 'postgres') return setUp()
  const client = new pg.Client({ connectionString: store.connectionString })
  await client.connect()
  try {
    await client.query("select pg_advisory_lock(hashtextextended('salon-jobs-setup', 0))")
    await setUp()
  } finally {
    // Ending the session releases the lock too, also when setting up failed.
    await client.end().catch(() => {})
  }
}
