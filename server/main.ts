import { mkdirSync } from 'node:fs'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { createPayments } from './integrations/payments'
import { runMigrations } from './db/migrate'
import { startAppJobs } from './jobs'
import { seedOnStart } from './seed'

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
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  },
})
app.addHook('onClose', () => database.close())

const lines = await seedOnStart({ db: database.db, config, log: app.log })
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // The jobs first: a sweep in progress finishes while the database is still open.
    Promise.resolve(jobs?.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
  })
}
