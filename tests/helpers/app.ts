import { randomBytes } from 'node:crypto'
import { afterAll } from 'vitest'
import { type App, type BuildOptions, buildApp } from '../../server/app'
import { loadConfig, type Config } from '../../server/config'
import type { Mailer } from '../../server/integrations/mail/mailer'
import type { Database } from '../../server/db/client'
import { createTestDatabase } from './db'

/**
 * The app on a fresh database, closed after the file's tests. Uses REDIS_URL for rate limits
 * when set (each app gets its own key namespace).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  extra: {
    mailer?: Mailer
    onRoute?: BuildOptions['onRoute']
    requestBudget?: BuildOptions['requestBudget']
    payments?: BuildOptions['payments']
    /** Another instance on this database (closed by whoever opened it); a fresh one by default. */
    database?: Database
  } = {},
): Promise<App> {
  const database = extra.database ?? (await createTestDatabase())
  const config: Config = {
    ...loadConfig({}),
    staticDir: '/nonexistent',
    seedDemo: false,
    redisUrl: process.env.REDIS_URL || undefined,
    // No test reaches the EU's VIES: a closed local port answers "unavailable" at once; a test
    // that checks VAT numbers starts the local peer (tests/helpers/peers/vies.ts) instead.
    vatCheckUrl: 'http://127.0.0.1:9/vies',
    ...overrides,
  }
  const app = await buildApp({
    db: database.db,
    config,
    mailer: extra.mailer,
    payments: extra.payments,
    onRoute: extra.onRoute,
    requestBudget: extra.requestBudget,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}-`,
    // Every API test runs with the session cache: a session or right that outlives its change
    // on the next request fails the test that made the change (issue 25).
    accessChanges: database.accessChanges,
  })
  if (!extra.database) app.addHook('onClose', () => database.close())
  // Tests also change rows straight in the database (a session's end moved back, an admin
  // deactivated), as another process would; PostgreSQL tells the session cache a moment later.
  // Each request waits until this instance heard what was committed before it, so such a test
  // checks the rule, not the milliseconds (those are tests/api/session-cache.test.ts's subject).
  const inject = app.inject.bind(app) as (o: unknown) => Promise<unknown>
  app.inject = (async (options: unknown) => {
    await app.accessHeard()
    return inject(options)
  }) as typeof app.inject
  await app.ready()
  afterAll(() => app.close())
  return app
}

/** Random unique values so tests never collide, also when sharing a PostgreSQL server. */
export const unique = (prefix = 'x') => `${prefix}${randomBytes(5).toString('hex')}`
