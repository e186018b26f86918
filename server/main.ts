import { mkdirSync } from 'node:fs'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { createPayments } from './integrations/payments'
import { runMigrations } from './db/migrate'
import { startAppJobs } from './jobs'
import { seedOnStart } from './seed'
import { resealSecrets } from './services/auth/second-factor'

const config = (() => {
  try {
    return loadConfig()
  } catch (e) {
    // Half-given settings (server/config.ts): one plain line naming the variable, not a stack.
    console.error(`Cannot start: ${(e as Error).message}`)
    process.exit(1)
  }
})()
// PGlite's files and the payment sandbox's live here.
mkdirSync(config.dataDir, { recursive: true })
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` })
await runMigrations(database)

const app = await buildApp({
  db: database.db,
  config,
  // The sandbox's payments survive a restart (a checkout left open is still known afterwards).
  payments: createPayments(config, `${config.dataDir}/sandbox-payments.json`),
  // Sessions kept in memory, forgotten when the database announces an access change (issue 25).
  accessChanges: database.accessChanges,
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  },
})
app.addHook('onClose', () => database.close())

const lines = await seedOnStart({ db: database.db, config, log: app.log })
// Global admins' TOTP secrets sealed with the current SECRETS_KEY (server/auth/secret-box.ts).
if (config.secretsKeys.length === 0) app.log.warn('SECRETS_KEY is not set: second-factor secrets are stored unsealed')
else {
  const sealed = await resealSecrets(database.db, config.secretsKeys)
  if (sealed) app.log.info({ sealed }, 'second-factor secrets sealed with the current SECRETS_KEY')
}
await app.listen({ port: config.port, host: config.host })
// Scheduled work (renewals, reminders, reconciliation) once the app serves its webhooks.
const jobs = config.jobs ? await startAppJobs(app, database) : null

const banner = [
  '',
  `  Salon platform running at ${config.publicUrl}  (database: ${database.kind})`,
  `  API reference: ${config.publicUrl}/api/docs`,
  ...lines.map((l) => `  ${l}`),
  '',
]
console.log(banner.join('\n'))

if (database.poolStats) app.metrics.watchPool(database.poolStats)
if (jobs) {
  const runner = jobs
  app.metrics.watchQueue(async () =>
    Object.fromEntries(await Promise.all(runner.names.map(async (n) => [n, await runner.waiting(n)] as const))),
  )
}

/*
 * A clean shutdown (issue 25): on SIGTERM readiness turns 503 (`app.draining`) for DRAIN_SECONDS
 * so the load balancer stops sending here; then the jobs stop (a sweep in progress finishes while
 * the database is still open), the listener closes and every request in flight is answered
 * (Fastify closes idle keep-alive connections and waits for the busy ones), and the database
 * closes last. A second signal does not start another shutdown.
 */
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    app.draining = true
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down: draining')
    new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000))
      .then(() => jobs?.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed')
          process.exit(1)
        },
      )
  })
}
