/**
 * `npm run bench [-- <scenario-filter>]`: seeds 10,000 customers in one organisation, starts the
 * app on 127.0.0.1 and runs every scenario of bench/scenarios/*.ts against it — on PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL / TEST_DATABASE_URL is set or the local default server
 * answers (a fresh database is created and dropped). A benchmark, not a test: it prints figures.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { runMigrations } from '../server/db/migrate'
import { createPostgresDatabase } from './postgres'
import { printTable } from './print'
import { seedBench } from './seed'
import type { BenchContext, BenchRow, Scenario } from './types'

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000)
const PORTS = { PGlite: 3211, PostgreSQL: 3212 } as const
const here = path.dirname(fileURLToPath(import.meta.url))

// Bounded in time: a hung run must not hold a shared machine.
setTimeout(() => {
  console.error('bench: gave up after 170 s')
  process.exit(1)
}, 170_000).unref()

async function loadScenarios(filter?: string): Promise<Scenario[]> {
  const files = readdirSync(path.join(here, 'scenarios'))
    .filter((f) => f.endsWith('.ts'))
    .sort()
  const all = await Promise.all(
    files.map(async (f) => ((await import(path.join(here, 'scenarios', f))) as { scenario: Scenario }).scenario),
  )
  return all.filter((s) => !filter || s.name.includes(filter))
}

async function runOn(database: BenchContext['database'], scenarios: Scenario[]): Promise<BenchRow[]> {
  const opened = database === 'PGlite' ? await openDatabase({ dataDir: 'memory://' }) : await createPostgresDatabase()
  if (!opened) return []
  const rows: BenchRow[] = []
  try {
    await runMigrations(opened)
    const t0 = performance.now()
    const org = await seedBench(opened.db, CUSTOMERS)
    const seedMs = Math.round(performance.now() - t0)
    rows.push({ scenario: `seed ${CUSTOMERS} customers`, database, 'total ms': seedMs })
    const config = { ...loadConfig({}), staticDir: '/nonexistent', seedDemo: false, devMailbox: false }
    const app = await buildApp({ db: opened.db, config, logger: false })
    const port = PORTS[database]
    await app.listen({ host: '127.0.0.1', port })
    try {
      const ctx: BenchContext = {
        ...org,
        database,
        baseUrl: `http://127.0.0.1:${port}`,
        headers: { authorization: `Bearer ${org.token}` },
      }
      for (const s of scenarios) {
        process.stderr.write(`bench: ${database} ${s.name}…\n`)
        rows.push(...(await s.run(ctx)))
      }
    } finally {
      await app.close()
    }
  } finally {
    await opened.close()
  }
  return rows
}

const scenarios = await loadScenarios(process.argv[2])
const rows = [...(await runOn('PGlite', scenarios)), ...(await runOn('PostgreSQL', scenarios))]
printTable(rows)
process.exit(0)
