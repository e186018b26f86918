import { v7 as uuidv7 } from 'uuid'
import { PUSH_MAX_MUTATIONS, SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { benchAnswers, createBenchQuestionnaire } from '../questionnaire'
import type { BenchContext, BenchRow, Scenario } from '../types'

const MUTATIONS = 500
const QUESTIONS = 20
/** As the sync engine sends them (src-worker/sync/engine.ts). */
const CHUNK = PUSH_MAX_MUTATIONS

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Sequential GET employees/me until `until` resolves (or `count` calls without it): each call's ms. */
async function lightGets(ctx: BenchContext, opts: { count?: number; until?: Promise<unknown> }) {
  const url = `${ctx.baseUrl}/api/organisations/${ctx.orgId}/employees/me`
  let done = false
  void opts.until?.then(() => {
    done = true
  })
  const times: number[] = []
  while (opts.until ? !done : times.length < (opts.count ?? 100)) {
    const t = performance.now()
    const res = await fetch(url, { headers: ctx.headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`employees/me: ${res.status}`)
    times.push(performance.now() - t)
    await new Promise((r) => setTimeout(r, 5))
  }
  return times.sort((a, b) => a - b)
}

/**
 * Issue 7 #9: one tablet pushes 500 queued submissions while another user of the platform opens
 * a screen. The light GET (employees/me, a few small queries) is timed on an idle server and
 * while the push runs; the push goes as the sync engine sends it.
 */
export const scenario: Scenario = {
  name: 'push-fairness',
  async run(ctx) {
    const q = await createBenchQuestionnaire(ctx, QUESTIONS)
    const list = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/customers?pageSize=1`, {
      headers: ctx.headers,
    })
    const customerId = ((await list.json()) as { items: { id: string }[] }).items[0].id
    const answers = benchAnswers(QUESTIONS)
    const clientId = `bench-${uuidv7()}`
    const mutations = Array.from({ length: MUTATIONS }, (_, i) => ({
      id: uuidv7(),
      seq: i + 1,
      name: 'questionnaireSubmission.create',
      args: {
        id: uuidv7(),
        salonId: ctx.salonId,
        customerId,
        questionnaireId: q.id,
        answers,
        takenBy: 'customer',
        deviceId: clientId,
      },
    }))

    await lightGets(ctx, { count: 20 }) // warm-up
    const idle = await lightGets(ctx, { count: 200 })

    const push = (async () => {
      const started = performance.now()
      for (let i = 0; i < mutations.length; i += CHUNK) {
        const res = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/salons/${ctx.salonId}/sync/push`, {
          method: 'POST',
          headers: { ...ctx.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId,
            schemaVersion: SYNC_SCHEMA_VERSION,
            mutations: mutations.slice(i, i + CHUNK),
          }),
        })
        const body = (await res.json()) as { results?: { status: string }[] }
        if (res.status !== 200 || body.results?.some((r) => r.status !== 'applied'))
          throw new Error(`push: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
      }
      return performance.now() - started
    })()
    // Let the push reach the server before the first timed GET.
    await new Promise((r) => setTimeout(r, 50))
    const busy = await lightGets(ctx, { until: push })
    const pushMs = await push

    const row = (what: string, t: number[]): BenchRow => ({
      scenario: `GET employees/me, ${what}`,
      database: ctx.database,
      calls: t.length,
      'p50 ms': Math.round(pct(t, 50) * 10) / 10,
      'p95 ms': Math.round(pct(t, 95) * 10) / 10,
      'max ms': Math.round(t[t.length - 1] * 10) / 10,
    })
    return [
      row('idle server', idle),
      row(`during a ${MUTATIONS}-mutation push (${Math.round(pushMs)} ms, chunks of ${CHUNK})`, busy),
    ]
  },
}
