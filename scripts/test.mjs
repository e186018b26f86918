#!/usr/bin/env node
// `npm test`: everything CI checks, on a fresh machine too. Typecheck, lint, unit + API tests on
// PGlite (the API tests on PostgreSQL instead when TEST_DATABASE_URL is set), the production build,
// then the Playwright suite in Debian's Chromium (installed when missing). Ends with one line
// "tests: N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const REPORTS = '.test-reports'
rmSync(REPORTS, { recursive: true, force: true })
mkdirSync(REPORTS, { recursive: true })
let passed = 0
let failed = 0
let ok = true

// Each step says how long it took: CI has a time limit, and the slow step is the one to look at.
const step = (title, cmd, args, env = {}) => {
  console.log(`\n━━ ${title}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const took = `${Math.round((Date.now() - started) / 1000)} s`
  if (r.status !== 0) {
    ok = false
    console.log(`✗ ${title} failed (exit ${r.status}) after ${took}`)
  } else console.log(`━━ ${title}: done in ${took}`)
  return r.status === 0
}
const countVitest = (file) => {
  if (!existsSync(file)) return
  const j = JSON.parse(readFileSync(file, 'utf8'))
  passed += j.numPassedTests
  failed += j.numFailedTests
}
const countPlaywright = (file) => {
  if (!existsSync(file)) return
  const s = JSON.parse(readFileSync(file, 'utf8')).stats
  passed += s.expected + (s.flaky ?? 0)
  failed += s.unexpected
}

if (!existsSync('node_modules/.package-lock.json')) {
  // Exactly what package-lock.json pins (no fallback to `npm install`: a broken lock must fail).
  if (!step('install', 'npm', ['ci', '--no-audit', '--no-fund'])) process.exit(1)
}

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])
step('lint', 'npx', ['biome', 'check', '.'])

const vitestArgs = (out) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]
const postgres = !!process.env.TEST_DATABASE_URL
// Unit and API tests on PGlite (no database server needed); with a PostgreSQL server configured
// (CI), the API suite runs on that instead: CI has 90 minutes on a two-core machine, where the
// suite on both engines took a quarter of them. PGlite stays covered there by the sync-client
// tests (each against a real server on PGlite) and the e2e suite (its server runs on PGlite).
step(
  postgres ? 'unit tests (PGlite)' : 'unit + API tests (PGlite)',
  'npx',
  [...vitestArgs(`${REPORTS}/vitest-pglite.json`), ...(postgres ? ['--project', 'unit'] : [])],
  { TEST_DATABASE_URL: '' },
)
countVitest(`${REPORTS}/vitest-pglite.json`)
// …and the API suite on PostgreSQL where one is configured…
if (postgres) {
  step('API tests (PostgreSQL)', 'npx', [...vitestArgs(`${REPORTS}/vitest-pg.json`), 'tests/api'])
  countVitest(`${REPORTS}/vitest-pg.json`)
  // …then the several-instances test alone (tests/scale: two server processes behind a proxy
  // under a minute of load; it runs only when REDIS_URL is set too), not beside the API suite.
  step('several instances (PostgreSQL + Redis)', 'npx', [...vitestArgs(`${REPORTS}/vitest-scale.json`), 'tests/scale'])
  countVitest(`${REPORTS}/vitest-scale.json`)
}

if (step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  const chromium = spawnSync('bash', ['scripts/ensure-chromium.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (chromium.status !== 0) {
    ok = false
    console.log('✗ could not find or install Chromium')
  } else {
    step('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
      CHROMIUM_PATH: chromium.stdout.trim(),
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
    })
    countPlaywright(`${REPORTS}/playwright.json`)
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(ok && failed === 0 ? 0 : 1)
