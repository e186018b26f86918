import { profiledTrace } from '../browser/cpu-profile'
import { signedInTablet } from '../browser/signed-in'
import { traceSummary } from '../browser/trace-summary'
import { type ChangesResponse, type Cursors, cursorsParam } from '../../contract/sync'
import { PULL_PAGE_SIZE } from '../../src-worker/sync/engine'
import type { BenchContext, BenchRow, Scenario } from '../types'

/** Issue 25: a fresh tablet's first full pull at 100,000 customers. */
const PULL_LIMIT_MS = 15_000
/** Issue 25: opening the installed app offline until the customer list shows, CPU slowed 4×. */
const OPEN_LIMIT_MS = 1_000
const CPU_SLOWDOWN = 4
const RUNS = 5

/** The changes feed paged from 0 by Node alone, in the engine's page size: what the transfer itself takes. */
async function feedAlone(ctx: BenchContext): Promise<{ ms: number; rows: number; cursors: Cursors }> {
  const started = performance.now()
  let cursors: Cursors = {}
  let rows = 0
  for (;;) {
    const res = await fetch(
      `${ctx.baseUrl}/api/organisations/${ctx.orgId}/salons/${ctx.salonId}/sync/changes?cursors=${cursorsParam(cursors)}&limit=${PULL_PAGE_SIZE}`,
      { headers: ctx.headers },
    )
    if (!res.ok) throw new Error(`changes feed: ${res.status}`)
    const page = (await res.json()) as ChangesResponse
    rows += page.changes.length
    cursors = page.cursors as Cursors
    if (!page.hasMore) return { ms: performance.now() - started, rows, cursors }
  }
}

type Polled = { done?: boolean; reading?: boolean; firstAt?: number }

/**
 * In the page: true once the replica's stored cursors reach the feed's last ones (`applyChanges`
 * stores them in each page's own transaction, so every row is in by then). Reads what the
 * previous poll found and starts the next read: one `get` of `meta.cursors`, not a count of a
 * table the worker is filling. Never creates the database (an open that would create it is
 * aborted in `upgradeneeded`, so the app's own Dexie still makes it). No named inner functions:
 * tsx (esbuild keepNames) would wrap them in a `__name` helper the page does not have.
 */
function pulled({ name, cursors }: { name: string; cursors: Cursors }): boolean {
  const g = globalThis as unknown as { benchPull?: Polled }
  g.benchPull ??= {}
  const state = g.benchPull
  if (!state.done && !state.reading) {
    state.reading = true
    new Promise<Cursors | undefined>((resolve) => {
      const open = indexedDB.open(name)
      open.onupgradeneeded = () => open.transaction?.abort()
      open.onerror = () => resolve(undefined)
      open.onblocked = () => resolve(undefined)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('meta')) {
          db.close()
          return resolve(undefined)
        }
        const req = db.transaction('meta').objectStore('meta').get('cursors')
        req.onsuccess = () => resolve((req.result as { value?: Cursors } | undefined)?.value)
        req.onerror = () => resolve(undefined)
        req.transaction!.oncomplete = () => db.close()
        req.transaction!.onabort = () => db.close()
      }
    }).then((held) => {
      if (held && state.firstAt === undefined && Object.values(held).some((c) => (c ?? 0) > 0))
        state.firstAt = performance.now()
      state.done = !!held && Object.entries(cursors).every(([e, c]) => (held[e as keyof Cursors] ?? 0) >= (c ?? 0))
      state.reading = false
    })
  }
  return !!state.done
}

/** In the page: the replica's visible customers (once, after the pull). */
function customersHeld(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const req = open.result.transaction('customers').objectStore('customers').count()
      req.onsuccess = () => {
        open.result.close()
        resolve(req.result)
      }
      req.onerror = () => reject(req.error)
    }
  })
}

/**
 * The tablet in Chromium (issue 25), against the built app served by the bench server, with the
 * bench's customers (`BENCH_CUSTOMERS`; the limits are for 100,000):
 * - a fresh sign-in's first full pull into the replica (the sync worker writing IndexedDB), from
 *   navigation until every customer is in the replica, next to the feed's own transfer time;
 * - then the installed app opened offline (the service worker serves the app, the replica the
 *   list) with the CPU slowed 4× (a mid-range tablet): navigation start until the first customer
 *   row shows (median of 5), and the JavaScript the page loaded by then.
 * PGlite only (the server's database hardly matters here). Needs a build.
 */
export const scenario: Scenario = {
  name: 'tablet-browser',
  async run(ctx) {
    if (ctx.database !== 'PGlite') return []
    const index = await fetch(`${ctx.baseUrl}/`)
    if (!(index.headers.get('content-type') ?? '').includes('text/html'))
      return [{ scenario: 'tablet (browser): no build, run `npm run build` first', database: 'browser' }]
    const feed = await feedAlone(ctx)
    const { browser, context, employee } = await signedInTablet(ctx)
    const replica = `salon:${ctx.orgId}:${ctx.salonId}:${employee.id}`
    try {
      const page = await context.newPage()
      // BENCH_DEBUG=1: the page's navigations, errors and requests (with the bench's clock) on stderr.
      if (process.env.BENCH_DEBUG) {
        page.on('framenavigated', (f) => f === page.mainFrame() && console.error('navigated', f.url()))
        page.on('pageerror', (e) => console.error('pageerror', e))
        page.on('console', (m) => console.error('console', m.type(), m.text()))
        page.on('close', () => console.error('page closed'))
        context.on('request', (r) => console.error(Math.round(performance.now()), 'request', new URL(r.url()).pathname))
        context.on(
          'requestfinished',
          (r) =>
            r.url().includes('/sync/') &&
            console.error(Math.round(performance.now()), 'finished', new URL(r.url()).pathname),
        )
      }
      const url = `${ctx.baseUrl}/${ctx.slug}/admin/customers`
      const pullStarted = performance.now()
      if (process.env.BENCH_DEBUG) console.error(Math.round(pullStarted), 'navigation')
      // BENCH_TRACE=pull: the pull under V8's sampler, self time per function on stderr.
      const pullDone = () =>
        page.waitForFunction(pulled, { name: replica, cursors: feed.cursors }, { timeout: 600_000, polling: 100 })
      if (process.env.BENCH_TRACE === 'pull') {
        console.error(
          await profiledTrace(browser, page, 'dist', async () => {
            await page.goto(url)
            await pullDone()
          }),
        )
      } else await page.goto(url)
      // Every page committed: the replica's cursors at the feed's last ones. `waitForFunction`
      // does not await a promise (any promise is truthy and ends the wait at once), so the
      // predicate only reads what a page-side read left; after a navigation it starts again.
      await pullDone()
      const pullMs = performance.now() - pullStarted
      // When the first page was in (page clock: from this navigation): the app's start, sign-in and
      // first fetch, apart from the pages themselves.
      const firstPageAt = await page.evaluate(
        () => (globalThis as unknown as { benchPull?: Polled }).benchPull?.firstAt,
      )
      const held = await page.evaluate(customersHeld, replica)
      if (held < ctx.customers) throw new Error(`replica holds ${held} of ${ctx.customers} customers`)

      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
      })
      await context.setOffline(true)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      const times: number[] = []
      const busyAfter: number[] = []
      let js = { files: 0, bytes: 0 }
      // When the first row enters the page (a mutation observer's callback runs right after the
      // DOM change): what runs after it (the search index built when idle) must not count, nor
      // delay the reading as it would through a later evaluate.
      await context.addInitScript(() => {
        const g = globalThis as unknown as { benchRowAt?: number }
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-testid="customer-row"]')) return
          g.benchRowAt = performance.now()
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      })
      for (let i = 0; i < RUNS; i++) {
        await page.goto(url)
        await page.locator('[data-testid="customer-row"]').first().waitFor({ timeout: 60_000 })
        const shown = await page.evaluate(() => {
          const at = (globalThis as unknown as { benchRowAt?: number }).benchRowAt ?? Number.NaN
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (e) => /\.m?js(\?|$)/.test(e.name) && e.responseEnd <= at,
          )
          return {
            at,
            now: performance.now(),
            files: scripts.length,
            bytes: scripts.reduce((sum, e) => sum + (e.decodedBodySize || 0), 0),
          }
        })
        times.push(shown.at)
        busyAfter.push(shown.now - shown.at)
        js = { files: shown.files, bytes: shown.bytes }
      }
      // BENCH_TRACE=1 (not BENCH_PROFILE, the server's CPU profile directory): one more open under a Chromium trace, summarised on stderr.
      if (process.env.BENCH_TRACE && process.env.BENCH_TRACE !== 'pull') {
        const summary = await traceSummary(browser, page, async () => {
          await page.goto(url)
          await page.locator('[data-testid="customer-row"]').first().waitFor({ timeout: 60_000 })
        })
        console.error(summary)
        const largest = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((e) => /\.m?js(\?|$)/.test(e.name))
            .map((e) => ({ file: e.name.split('/').pop() ?? e.name, kB: Math.round(e.decodedBodySize / 1024) }))
            .sort((a, b) => b.kB - a.kB)
            .slice(0, 15),
        )
        console.error('largest scripts loaded by the first row:', largest.map((l) => `${l.file} ${l.kB} kB`).join(', '))
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      times.sort((a, b) => a - b)
      const at = `${ctx.customers.toLocaleString('en')} customers`
      return [
        {
          scenario: `first full pull into the replica, ${at} (Chromium)`,
          database: 'browser',
          'total ms': Math.round(pullMs),
          'rows/s': Math.round((feed.rows / pullMs) * 1000),
          'feed alone ms': Math.round(feed.ms),
          'limit ms': PULL_LIMIT_MS,
        },
        {
          scenario: `  of which until the first page was in (app start, sign-in, first page)`,
          database: 'browser',
          'total ms': firstPageAt === undefined ? '' : Math.round(firstPageAt),
          'rows/s': '',
          'feed alone ms': '',
          'limit ms': '',
        },
        {
          scenario: `open offline → customer list, CPU ${CPU_SLOWDOWN}× slower (median of ${RUNS}), ${at}`,
          database: 'browser',
          'total ms': Math.round(times[Math.floor(RUNS / 2)]),
          'rows/s': '',
          'feed alone ms': '',
          'limit ms': OPEN_LIMIT_MS,
        },
        {
          scenario: `  then until the page answers again (the search index is built when idle), median`,
          database: 'browser',
          'total ms': Math.round(busyAfter.sort((a, b) => a - b)[Math.floor(RUNS / 2)]),
          'rows/s': '',
          'feed alone ms': '',
          'limit ms': '',
        },
        {
          scenario: `  JavaScript loaded by then: ${js.files} files, ${Math.round(js.bytes / 1024)} kB`,
          database: 'browser',
          'total ms': '',
          'rows/s': '',
          'feed alone ms': '',
          'limit ms': '',
        },
      ] satisfies BenchRow[]
    } finally {
      await browser.close()
    }
  },
}
