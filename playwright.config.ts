import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// The e2e server runs the production build on its own port with a fresh PGlite database and the
// demo organisation, exactly as `npm start` does on a new machine.
const PORT = Number(process.env.E2E_PORT ?? 3131)
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'salon-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1024, height: 768 },
    locale: 'nl-NL',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1024, height: 768 } } }],
  webServer: {
    // A second global admin, whose second factor only the set-up test (through the screens) sets up,
    // whatever spec signed the first one in before it.
    command: `npx tsx scripts/create-global-admin.ts setup@platform.test Global-Admin-2 Set-up && npx tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health-check`,
    reuseExistingServer: false,
    // Generous: on a loaded 2-core machine the server (migrations, demo seed) took about 150 s to answer.
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEV_MAILBOX: 'true',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      // Every browser of the suite comes from 127.0.0.1: scale the per-IP limits up.
      RATE_LIMIT_FACTOR: '50',
      DATABASE_URL: '',
      REDIS_URL: '',
      GLOBAL_ADMIN_EMAIL: 'admin@platform.test',
      GLOBAL_ADMIN_PASSWORD: 'Global-Admin-1',
      // As in production: the global admins' second-factor secrets are stored sealed (a fixed key
      // for tests only, so a kept E2E_DATA_DIR still opens them).
      SECRETS_KEY: 'ZTJlLW9ubHkga2V5OiBub3QgZm9yIHByb2R1Y3Rpb24=',
    },
  },
})
