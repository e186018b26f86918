import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { build } from 'esbuild'
import type { BenchRow, Scenario } from '../types'

/** Issue 21 #7: what one keystroke may take (a frame at 60 Hz). */
const LIMIT_MS = 16
const SIZES = [10_000, 100_000]
/** Typed a character at a time: names (parts), an e-mail, phone numbers as dialled, no match. */
const TEXTS = ['anna', 'vries', 'jose', 'mull', 'de groot 12', 'anna.12', 'example', '0612', '06 1234', '+3161', 'xq']
const ROUNDS = 3

type Api = {
  load(count: number): Promise<{ ms: number }>
  cold(text: string): Promise<{ ms: number; total: number }>
  type(texts: string[]): Promise<number[]>
  typeFast(text: string): Promise<{ ms: number; total: number; expected: number }>
}

const here = path.dirname(fileURLToPath(import.meta.url))
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/**
 * The customer search on the tablet (issue 21 #7): 10,000 and 100,000 customers written into a
 * real IndexedDB in Chromium through the app's replica (its search index kept as pulls keep it),
 * then the customers screen's query timed per keystroke — median and p95 over every prefix of
 * names, e-mail and phone numbers typed a character at a time, next to the 16 ms limit — plus the
 * first search of a page (the index read and built) and four keystrokes typed with no pause (the
 * older searches dropped; the last answer checked). No server involved: it runs once (PGlite row).
 */
export const scenario: Scenario = {
  name: 'customer-search-browser',
  async run(ctx) {
    if (ctx.database !== 'PGlite') return []
    const bundle = await build({
      entryPoints: [path.join(here, '..', 'browser', 'customer-search-page.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
    })
    const script = bundle.outputFiles[0].text
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
    const rows: BenchRow[] = []
    try {
      const page = await browser.newPage()
      // A page of its own origin (IndexedDB needs one), served by Playwright.
      await page.route('http://search.bench/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
      )
      await page.goto('http://search.bench/')
      await page.addScriptTag({ content: script })
      for (const size of SIZES) {
        process.stderr.write(`bench: customer search: loading ${size} customers into IndexedDB…\n`)
        const loaded = await page.evaluate(
          (n) => (globalThis as unknown as { benchSearch: Api }).benchSearch.load(n),
          size,
        )
        const first = await page.evaluate(
          (t) => (globalThis as unknown as { benchSearch: Api }).benchSearch.cold(t),
          'a',
        )
        const times: number[] = []
        for (let r = 0; r < ROUNDS; r++)
          times.push(
            ...(await page.evaluate((t) => (globalThis as unknown as { benchSearch: Api }).benchSearch.type(t), TEXTS)),
          )
        times.sort((a, b) => a - b)
        const fast = await page.evaluate(
          (t) => (globalThis as unknown as { benchSearch: Api }).benchSearch.typeFast(t),
          'anna',
        )
        const at = `${size.toLocaleString('en')} customers`
        rows.push({
          scenario: `search per keystroke, ${at} (Chromium IndexedDB)`,
          database: 'browser',
          keystrokes: times.length,
          'median ms': Number(pct(times, 50).toFixed(1)),
          'p95 ms': Number(pct(times, 95).toFixed(1)),
          'max ms': Number(times[times.length - 1].toFixed(1)),
          'limit ms': LIMIT_MS,
        })
        rows.push({
          scenario: `  first search of a page (index read and built), ${at}`,
          database: 'browser',
          'total ms': Math.round(first.ms),
        })
        rows.push({
          scenario: `  "anna" typed with no pause: last answer ${fast.total === fast.expected ? 'right' : `WRONG (${fast.total}, expected ${fast.expected})`}, ${at}`,
          database: 'browser',
          'total ms': Math.round(fast.ms),
        })
        rows.push({
          scenario: `  writing ${at} as pulls do (index kept alongside)`,
          database: 'browser',
          'total ms': Math.round(loaded.ms),
        })
      }
    } finally {
      await browser.close()
    }
    return rows
  },
}
