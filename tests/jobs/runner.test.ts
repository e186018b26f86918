import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { type Job, type JobRunner, startJobs } from '../../server/jobs/runner'
import { createTestDatabase } from '../helpers/db'

/*
 * The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): two runners
 * stand for two server instances sharing one database.
 */
const database = await createTestDatabase()
const runners: JobRunner[] = []
afterAll(async () => {
  for (const r of runners) await r.stop()
  await database.close()
})

const log = pino({ level: 'silent' })

/** Resolves when `check` holds, polling; the queue's own polling decides how fast. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 600; i++) {
    if (check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('jobs: pg-boss on the app database', () => {
  it('a job asked for by two instances at once runs once, and again when asked after it finished', async () => {
    let runs = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    const job: Job = {
      name: 'test-once',
      // Never due in a test run: only runNow starts it.
      cron: '0 0 1 1 *',
      run: async () => {
        runs++
        await gate
      },
    }
    const a = await startJobs({ store: database.jobStore, jobs: [job], log, pollingIntervalSeconds: 0.5 })
    runners.push(a)
    const b = await startJobs({ store: database.jobStore, jobs: [job], log, pollingIntervalSeconds: 0.5 })
    runners.push(b)

    expect(await a.runNow('test-once')).not.toBeNull()
    await until(() => runs === 1, 'the first run')
    // While it runs, each instance asks again: a stately queue keeps one waiting, never two.
    const queued = [await a.runNow('test-once'), await b.runNow('test-once')]
    expect(queued.filter((id) => id !== null)).toHaveLength(1)
    release()
    await until(() => runs === 2, 'the queued run')
    // Nothing else was waiting: the second ask of the two added nothing.
    expect(await a.waiting('test-once')).toBe(0)
    expect(runs).toBe(2)
  })

  it('a job that throws is retried by the queue', async () => {
    let attempts = 0
    const job: Job = {
      name: 'test-retry',
      cron: '0 0 1 1 *',
      run: async () => {
        attempts++
        if (attempts === 1) throw new Error('provider down')
      },
    }
    const r = await startJobs({
      store: database.jobStore,
      jobs: [job],
      log,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    })
    runners.push(r)
    await r.runNow('test-retry')
    await until(() => attempts === 2, 'the retry')
  })
})
