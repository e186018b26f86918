/**
 * The app under test, in its own process so the load generator (autocannon, in the parent) does
 * not share the event loop with the server it measures. Opens a fresh database (BENCH_DB =
 * pglite | postgres), seeds it, listens on 127.0.0.1:BENCH_PORT and prints one JSON line with the
 * seeded ids. Closing stdin shuts it down and drops the database.
 */
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { runMigrations } from '../server/db/migrate'
import { createPostgresDatabase } from './postgres'
import { seedBench } from './seed'

const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'
const port = Number(process.env.BENCH_PORT ?? 3211)
const count = Number(process.env.BENCH_CUSTOMERS ?? 10_000)

const opened = kind === 'pglite' ? await openDatabase({ dataDir: 'memory://' }) : await createPostgresDatabase()
if (!opened) {
  process.stdout.write(`${JSON.stringify({ skipped: true })}\n`)
  process.exit(0)
}
await runMigrations(opened)
const t0 = performance.now()
const org = await seedBench(opened.db, count)
const seedMs = Math.round(performance.now() - t0)
// The built app (`npm run build`, or BENCH_STATIC_DIR) for the browser scenario, when there is one.
const staticDir = process.env.BENCH_STATIC_DIR ?? 'dist'
// The load scenarios send tens of thousands of calls from one session and address on purpose:
// they measure throughput, not the request budget (server/http/request-budget.ts), so it is lifted.
// The payment sandbox calls our webhooks at PUBLIC_URL (billing-webhooks).
const config = {
  ...loadConfig({}),
  staticDir,
  seedDemo: false,
  devMailbox: false,
  rateLimitFactor: 1000,
  publicUrl: `http://127.0.0.1:${port}`,
}
const app = await buildApp({ db: opened.db, config, logger: false, accessChanges: opened.accessChanges })
await app.listen({ host: '127.0.0.1', port })
// The PostgreSQL database's address: a scenario runs the API's own statement on it bare, beside the API.
const databaseUrl = 'url' in opened ? opened.url : undefined
process.stdout.write(`${JSON.stringify({ ...org, seedMs, databaseUrl })}\n`)

process.stdin.resume()
process.stdin.on('close', async () => {
  await app.close()
  await opened.close()
  process.exit(0)
})
