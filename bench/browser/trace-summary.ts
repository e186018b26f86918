import type { Browser, Page } from '@playwright/test'
import { cpuProfileSummary } from './cpu-profile'

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; fileName?: string; url?: string; data?: { url?: string; functionName?: string } }
}

const CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'disabled-by-default-devtools.timeline',
  // V8's samples: self time per function of our sources (cpu-profile.ts).
  'disabled-by-default-v8.cpu_profiler',
]

/** The script an event ran or compiled, as its file name (`index-ab12.js`), if it names one. */
function scriptOf(e: TraceEvent): string {
  const url = e.args?.data?.url ?? e.args?.fileName ?? e.args?.url ?? ''
  return url ? (url.split('/').pop() ?? url) : ''
}

/**
 * BENCH_TRACE=1: a Chromium trace around `action` (one offline open), summarised as self time
 * per kind of work on the page's main thread (script compile and evaluate per chunk, function
 * calls, style/layout/paint, GC) and the busy time of each other thread (the sync worker, the
 * service worker): where the time to the first row goes, so cuts follow the profile.
 */
export async function traceSummary(browser: Browser, page: Page, action: () => Promise<void>): Promise<string> {
  await browser.startTracing(page, { categories: CATEGORIES })
  const started = performance.now()
  await action()
  const wallMs = performance.now() - started
  const buffer = await browser.stopTracing()
  if (process.env.BENCH_TRACE_FILE) (await import('node:fs')).writeFileSync(process.env.BENCH_TRACE_FILE, buffer)
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const threadNames = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue
    const key = `${e.pid}:${e.tid}`
    byThread.set(key, [...(byThread.get(key) ?? []), e])
  }
  const lines = [`trace of one offline open: ${Math.round(wallMs)} ms wall (bench clock)`]
  for (const [key, list] of byThread) {
    const thread = threadNames.get(key) ?? key
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    // Self time: each event's duration less its children's (events nest by time on one thread).
    const self = new Map<string, number>()
    const stack: { e: TraceEvent; end: number; label: string; script: string; child: number }[] = []
    let busy = 0
    const close = (upTo: number) => {
      while (stack.length && stack[stack.length - 1].end <= upTo) {
        const top = stack.pop()!
        self.set(top.label, (self.get(top.label) ?? 0) + (top.e.dur ?? 0) - top.child)
        if (stack.length) stack[stack.length - 1].child += top.e.dur ?? 0
      }
    }
    for (const e of list) {
      close(e.ts)
      if (!stack.length) busy += e.dur ?? 0
      // Work inside a script's call or evaluation counts for that script.
      const script = scriptOf(e) || stack.findLast((s) => s.script)?.script || ''
      stack.push({ e, end: e.ts + (e.dur ?? 0), label: script ? `${e.name} ${script}` : e.name, script, child: 0 })
    }
    close(Number.POSITIVE_INFINITY)
    if (busy < 20_000) continue
    lines.push(`  ${thread}: busy ${Math.round(busy / 1000)} ms`)
    const top = [...self].filter(([, us]) => us >= 10_000).sort((a, b) => b[1] - a[1])
    for (const [label, us] of top.slice(0, thread === 'CrRendererMain' ? 40 : 8))
      lines.push(`    ${String(Math.round(us / 1000)).padStart(6)} ms  ${label}`)
  }
  lines.push(cpuProfileSummary(events as never, threadNames, 'dist'))
  return lines.join('\n')
}
