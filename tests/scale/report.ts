import os from 'node:os'
import { type SQL, sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { Db } from '../../server/db/client'
import type { Logged, Balancer } from './proxy'
import type { Tablet } from './tablet'

/** The rows of a raw query (the app's Db types `execute` loosely: node-postgres and PGlite differ). */
export const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

export type Tick = { name: string; state: string; retryCount: number; createdAt: number; startedAt: number | null }

/** The scheduled jobs' rows in pg-boss's table (schema `pgboss`, server/jobs/runner.ts), oldest first. */
export async function jobTicks(db: Db): Promise<Tick[]> {
  const rows = await rowsOf<{
    name: string
    state: string
    retry_count: number
    created_on: Date
    started_on: Date | null
  }>(
    db,
    sql`select name, state, retry_count, created_on, started_on from pgboss.job
      where name not like '\_\_pgboss\_\_%' order by name, created_on`,
  )
  return rows.map((r) => ({
    name: r.name,
    state: r.state,
    retryCount: r.retry_count,
    createdAt: new Date(r.created_on).getTime(),
    startedAt: r.started_on ? new Date(r.started_on).getTime() : null,
  }))
}

/**
 * The servers count rate limits in Redis under `salon-rl-` (server/app.ts); this run's keys name
 * its addresses, its organisation or its sessions. They expire on their own after 15 minutes;
 * removing them keeps a shared Redis as it was.
 */
export async function forgetRedisKeys(redisUrl: string, db: Db, organisationIds: string[], needles: string[]) {
  const all = [...needles]
  for (const id of organisationIds)
    for (const s of await rowsOf<{ id: string }>(db, sql`select id from sessions where organisation_id = ${id}`))
      all.push(s.id)
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'salon-rl-*', 'COUNT', 1000)
      cursor = next
      const ours = keys.filter((k) => all.some((n) => k.includes(n)))
      if (ours.length) await redis.del(...ours)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

const kindOf = (r: Logged) =>
  r.url.includes('/sync/push')
    ? 'push'
    : r.url.includes('/sync/changes')
      ? 'pull'
      : r.url.includes('/upload/')
        ? 'upload'
        : r.url.includes('/customers')
          ? 'search'
          : 'other'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0
}

/** The figures of one run, printed after the proofs (README "Scaling out" quotes them). */
export function summary(o: {
  proxy: Balancer
  tablets: Tablet[]
  startedAt: number
  stopAt: number
  endedAt: number
  killedAt: number
  inFlightAtKill: { url: string }[]
  downAt: number
  refusedAfterMs: number
  ticks: Tick[]
}) {
  const { log } = o.proxy
  const count = (f: (r: Logged) => boolean) => log.filter(f).length
  const byUpstream = [...new Set(log.map((r) => r.upstream))].map((u) => `${u} ${count((r) => r.upstream === u)}`)
  const kinds = ['push', 'pull', 'search', 'upload'].map((k) => {
    const ms = log.filter((r) => kindOf(r) === k && r.status < 300).map((r) => r.endedAt - r.startedAt)
    return `${k} ${ms.length} (p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms)`
  })
  const sum = (f: (t: Tablet) => number) => o.tablets.reduce((n, t) => n + f(t), 0)
  const rejoined = o.proxy.events.find((e) => e.upstream === 'i2#1' && e.what === 'up')?.at
  return [
    `scale: ${o.tablets.length} tablets, ${((o.stopAt - o.startedAt) / 1000).toFixed(0)} s of load, ${((o.endedAt - o.startedAt) / 1000).toFixed(1)} s until every replica caught up`,
    `  requests through the proxy: ${log.length} (${byUpstream.join(', ')}); 5xx: ${count((r) => r.status >= 500)} (all 502 of i2's requests in flight at its kill)`,
    `  ${kinds.join('; ')}`,
    `  mutations queued and applied once: ${sum((t) => t.stats.queued.size)} (resends ${sum((t) => t.stats.resends)}, stored but unanswered at the kill ${sum((t) => t.stats.storedButUnanswered)}); uploads ${sum((t) => t.stats.uploads.size)}`,
    `  SIGKILL at ${((o.killedAt - o.startedAt) / 1000).toFixed(1)} s with ${o.inFlightAtKill.length} requests in flight on i2 (${o.inFlightAtKill.filter((r) => r.url.endsWith('/sync/push')).length} pushes); out of the proxy after ${o.downAt - o.killedAt} ms; restarted i2 back after ${rejoined ? ((rejoined - o.killedAt) / 1000).toFixed(1) : '?'} s`,
    `  sign-out on i1 refused by i2 after ${o.refusedAfterMs} ms; job ticks ${o.ticks.length} (${[...new Set(o.ticks.map((t) => t.name))].join(', ')})`,
    `  load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  ].join('\n')
}
