import { chromium } from '@playwright/test'
import { createBenchQuestionnaire } from '../questionnaire'
import type { BenchRow, Scenario } from '../types'

const QUESTIONS = 60
const RUNS = 5

/**
 * A customer opens a 60-question questionnaire that is already in their local database (Dexie):
 * time from navigation start to the 60th question on screen, in Chromium (Playwright, Debian
 * chromium) against the built app served by the bench server. The first open stores the
 * questionnaire; the next ones are measured (the page shows the stored copy before the server's
 * answer). Needs a build: `npm run build` (dist/) or BENCH_STATIC_DIR.
 */
export const scenario: Scenario = {
  name: 'questionnaire-render-browser',
  async run(ctx) {
    const index = await fetch(`${ctx.baseUrl}/`)
    if (!(index.headers.get('content-type') ?? '').includes('text/html'))
      return [
        { scenario: 'questionnaire render (browser): no build, run `npm run build` first', database: ctx.database },
      ]
    const q = await createBenchQuestionnaire(ctx, QUESTIONS)
    const me = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/customers/me`, {
      headers: { authorization: `Bearer ${ctx.customer.token}` },
    })
    const customer = (await me.json()) as { id: string; firstName: string; lastName: string; email: string }
    const session = {
      token: ctx.customer.token,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      customer: { ...customer, organisationId: ctx.orgId },
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
      await context.addInitScript((s) => localStorage.setItem('loggedInCustomerUser', s), JSON.stringify(session))
      const page = await context.newPage()
      const url = `${ctx.baseUrl}/${ctx.slug}/questionnaire/${q.id}`
      await page.goto(url)
      await page.waitForSelector(`#q-q${QUESTIONS}-label`, { timeout: 30_000 })
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        await page.goto(url)
        await page.waitForSelector(`#q-q${QUESTIONS}-label`, { timeout: 30_000 })
        times.push(await page.evaluate(() => performance.now()))
      }
      times.sort((a, b) => a - b)
      return [
        {
          scenario: `open → ${QUESTIONS} questions rendered from the local database (Chromium)`,
          database: ctx.database,
          runs: RUNS,
          'median ms': Math.round(times[Math.floor(RUNS / 2)]),
          'min ms': Math.round(times[0]),
          'max ms': Math.round(times[RUNS - 1]),
        } satisfies BenchRow,
      ]
    } finally {
      await browser.close()
    }
  },
}
