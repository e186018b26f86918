import type { Browser, Page } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'

/*
 * The V8 samples of a Chromium trace (category `disabled-by-default-v8.cpu_profiler`: `Profile` and
 * `ProfileChunk` events, one profile per thread), as self time per function of our sources: the
 * built files' positions are mapped back through dist's source maps. Used by BENCH_TRACE=pull to see
 * where the sync worker's time goes while it writes a first pull.
 */

type Node = {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
type ChunkEvent = {
  name: string
  id?: string
  pid: number
  tid: number
  args?: { data?: { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } }
}

/** Where a built position comes from: `src/…/file.ts:line fn`, or the chunk's name when unmapped. */
function originalOf(dist: string, maps: Map<string, SourceMapConsumer | null>, frame: Node['callFrame']) {
  const file = frame.url.split('/').pop() ?? ''
  if (!file) return frame.functionName || '(native)'
  if (!maps.has(file)) {
    const found = [path.join(dist, 'assets', `${file}.map`), path.join(dist, `${file}.map`)].find((p) => existsSync(p))
    maps.set(file, found ? new SourceMapConsumer(JSON.parse(readFileSync(found, 'utf8'))) : null)
  }
  const map = maps.get(file)
  const pos = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
  if (!pos?.source) return `${frame.functionName || '(anonymous)'} ${file}`
  const source = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '')
  return `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}:${pos.line}`
}

/** Self time (ms) per function and per source file of each profiled thread, largest first. */
export function cpuProfileSummary(events: ChunkEvent[], threadNames: Map<string, string>, dist: string): string {
  const nodes = new Map<string, Map<number, Node>>()
  const selfUs = new Map<string, Map<number, number>>()
  // A profile's chunks share its id; its thread is the `Profile` event's.
  const threadOf = new Map<string, string>()
  for (const e of events) if (e.name === 'Profile' && e.id) threadOf.set(e.id, `${e.pid}:${e.tid}`)
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue
    const thread = threadOf.get(e.id) ?? `${e.pid}:${e.tid}`
    const profile = e.args?.data?.cpuProfile
    const byId = nodes.get(thread) ?? new Map<number, Node>()
    nodes.set(thread, byId)
    for (const n of profile?.nodes ?? []) byId.set(n.id, n)
    const self = selfUs.get(thread) ?? new Map<number, number>()
    selfUs.set(thread, self)
    const samples = profile?.samples ?? []
    const deltas = e.args?.data?.timeDeltas ?? []
    // A sample's time is the delta to the next one.
    for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (deltas[i + 1] ?? 0))
  }
  const maps = new Map<string, SourceMapConsumer | null>()
  const lines: string[] = []
  for (const [thread, self] of selfUs) {
    const byId = nodes.get(thread)!
    const byFunction = new Map<string, number>()
    const byFile = new Map<string, number>()
    let total = 0
    for (const [id, us] of self) {
      const node = byId.get(id)
      if (!node) continue
      total += us
      const where = node.callFrame.url
        ? originalOf(dist, maps, node.callFrame)
        : node.callFrame.functionName || '(native)'
      byFunction.set(where, (byFunction.get(where) ?? 0) + us)
      const file = where.includes(' ') ? where.slice(where.indexOf(' ') + 1).replace(/:\d+$/, '') : where
      byFile.set(file, (byFile.get(file) ?? 0) + us)
    }
    if (total < 50_000) continue
    const name = threadNames.get(thread) ?? thread
    const idle = (byFunction.get('(idle)') ?? 0) + (byFunction.get('(program)') ?? 0)
    lines.push(`  ${name}: ${Math.round(total / 1000)} ms sampled (${Math.round(idle / 1000)} ms idle/program)`)
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .filter(([k]) => k !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => `      ${String(Math.round(us / 1000)).padStart(6)} ms  ${k}`)
    lines.push('    by function:', ...top(byFunction, 30), '    by file:', ...top(byFile, 15))
  }
  return lines.join('\n')
}

/**
 * BENCH_TRACE=pull: V8's samples of every thread of the page (its workers included) around
 * `action`, summarised by `cpuProfileSummary` against the build in `dist`.
 */
export async function profiledTrace(browser: Browser, page: Page, dist: string, action: () => Promise<void>) {
  await browser.startTracing(page, { categories: ['disabled-by-default-v8.cpu_profiler', 'v8'] })
  await action()
  const buffer = await browser.stopTracing()
  const events = (
    JSON.parse(buffer.toString('utf8')) as { traceEvents: (ChunkEvent & { ph: string; args?: { name?: string } })[] }
  ).traceEvents
  const threadNames = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  return cpuProfileSummary(events, threadNames, dist)
}
