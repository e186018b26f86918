/**
 * `npm run bench [-- <scenario-filter>]`: seeds 10,000 customers in one organisation, starts the
 * app on 127.0.0.1 (bench/server.ts, its own process) and runs every scenario of
 * bench/scenarios/*.ts against it — on PGlite, and on PostgreSQL when BENCH_DATABASE_URL /
 * TEST_DATABASE_URL is set or the local default server answers (a fresh database is created and
 * dropped). A benchmark, not a test: it prints figures.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { printTable } from './print'
import type { BenchOrg } from './seed'
import type { BenchContext, BenchRow, Scenario } from './types'

// BENCH_PORT_BASE: two bench runs side by side (each its own pair of ports).
const portBase = Number(process.env.BENCH_PORT_BASE ?? 3211)
const PORTS = { PGlite: portBase, PostgreSQL: portBase + 1 } as const
const here = path.dirname(fileURLToPath(import.meta.url))
const children = new Set<ChildProcess>()

// Bounded in time: a hung run must not hold a shared machine. Writing 100,000 customers into
// Chromium's IndexedDB (customer-search-browser) alone takes minutes on a busy machine; a run at
// 100,000 of several browser scenarios may need more (BENCH_TIMEOUT_S). Hitting it ends the
// process, so a browser scenario still running then fails with "Target page, context or browser
// has been closed".
const timeoutS = Number(process.env.BENCH_TIMEOUT_S) || 900
setTimeout(() => {
  console.error(`bench: gave up after ${timeoutS} s`)
  for (const c of children) c.kill()
  process.exit(1)
}, timeoutS * 1000).unref()

async function loadScenarios(filter?: string): Promise<Scenario[]> {
  const files = readdirSync(path.join(here, 'scenarios'))
    .filter((f) => f.endsWith('.ts'))
    .sort()
  const all = await Promise.all(
    files.map(async (f) => ((await import(path.join(here, 'scenarios', f))) as { scenario: Scenario }).scenario),
  )
  return all.filter((s) => !filter || s.name.includes(filter))
}

/** Starts bench/server.ts and waits for its JSON line (seeded ids, or skipped). */
async function startServer(database: BenchContext['database']) {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'server.ts')], {
    env: {
      ...process.env,
      BENCH_DB: database === 'PGlite' ? 'pglite' : 'postgres',
      BENCH_PORT: String(PORTS[database]),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.add(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)))
  })
  const stop = async () => {
    child.stdin!.end()
    await exited
    children.delete(child)
  }
  return { info: JSON.parse(first) as (BenchOrg & { seedMs: number; databaseUrl?: string }) | { skipped: true }, stop }
}

async function runOn(database: BenchContext['database'], scenarios: Scenario[]): Promise<BenchRow[]> {
  process.stderr.write(`bench: ${database}: seeding and starting the server…\n`)
  const server = await startServer(database)
  try {
    if ('skipped' in server.info) return []
    const { seedMs, ...org } = server.info
    const rows: BenchRow[] = [{ scenario: `seed ${org.customers} customers`, database, 'total ms': seedMs }]
    const ctx: BenchContext = {
      ...org,
      database,
      baseUrl: `http://127.0.0.1:${PORTS[database]}`,
      headers: { authorization: `Bearer ${org.token}` },
    }
    for (const s of scenarios) {
      process.stderr.write(`bench: ${database}: ${s.name}…\n`)
      rows.push(...(await s.run(ctx)))
    }
    return rows
  } finally {
    await server.stop()
  }
}

const scenarios = await loadScenarios(process.argv[2])
const loadBefore = os.loadavg()[0]
const rows = [...(await runOn('PGlite', scenarios)), ...(await runOn('PostgreSQL', scenarios))]
printTable(rows)
// Latency figures mean little on a busy machine: say how busy it was.
console.log(
  `machine: ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before / ${os.loadavg()[0].toFixed(1)} after; ` +
    'server in its own process, load generator (autocannon, 10 connections unless noted) in this one',
)
process.exit(0)
