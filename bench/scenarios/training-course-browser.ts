import { signedInTablet } from '../browser/signed-in'
import { createBenchCourse } from '../training'
import type { BenchRow, Scenario } from '../types'

const MODULES = 5
const PER_MODULE = 10
const RUNS = 5
/** Issue 24: opening a course is opening a screen (our target: as the offline app's first screen). */
const LIMIT_MS = 1_000
const FIRST_TEXT = 'Waarom dit belangrijk is'

/**
 * An employee opens a 50-segment Blueprint course that is already in the tablet's replica:
 * navigation start until the outline shows all 50 segments and the first segment's text, in
 * Chromium against the built app served by the bench server, offline (the service worker serves
 * the app, the replica the course), so nothing but the replica can answer. The first visit pulls
 * the replica and installs the service worker; the next ones are measured. Needs a build.
 */
export const scenario: Scenario = {
  name: 'training-course-browser',
  async run(ctx) {
    const index = await fetch(`${ctx.baseUrl}/`)
    if (!(index.headers.get('content-type') ?? '').includes('text/html'))
      return [
        { scenario: 'training course open (browser): no build, run `npm run build` first', database: ctx.database },
      ]
    const course = await createBenchCourse(ctx, MODULES, PER_MODULE)
    const { browser, context } = await signedInTablet(ctx)
    try {
      const page = await context.newPage()
      const url = `${ctx.baseUrl}/${ctx.slug}/admin/blueprint/${course.id}`
      const shown = async () => {
        await page.waitForFunction(
          ({ count, text }) =>
            document.querySelectorAll('[data-testid="outline-segment"]').length >= count &&
            document.body.innerText.includes(text),
          { count: MODULES * PER_MODULE, text: FIRST_TEXT },
          { timeout: 120_000 },
        )
        return page.evaluate(() => performance.now())
      }
      // First visit: the replica is pulled (every customer too) and the service worker installed.
      await page.goto(url)
      await shown()
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
      })
      await context.setOffline(true)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        await page.goto(url)
        times.push(await shown())
      }
      times.sort((a, b) => a - b)
      return [
        {
          scenario: `open a ${MODULES * PER_MODULE}-segment course from the replica, offline (Chromium)`,
          database: ctx.database,
          runs: RUNS,
          'median ms': Math.round(times[Math.floor(RUNS / 2)]),
          'min ms': Math.round(times[0]),
          'max ms': Math.round(times[RUNS - 1]),
          'limit ms': LIMIT_MS,
        } satisfies BenchRow,
      ]
    } finally {
      await browser.close()
    }
  },
}
