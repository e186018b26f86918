import { v7 as uuidv7 } from 'uuid'
import { API } from '../../contract/endpoints'
import { type Cursors, cursorsParam, SYNC_SCHEMA_VERSION } from '../../contract/sync'
import { unique } from '../helpers/app'
import { PNG_DATA_URL } from '../helpers/files'
import { multipartForm } from '../helpers/multipart'
import { PUSH_TIMEOUT_MS } from '../../src-worker/sync/retry'
import { apiUrl } from '../helpers/url'

/*
 * A simulated tablet: the sync engine's loop (push its outbox, pull the changes feed) and the
 * online calls of a reception (a customer search, a photo upload), all through the proxy. Its
 * outbox behaves as the real one: a push that got no answer (502, a cut connection, a time-out)
 * is sent again with the same mutation ids until the server acknowledges it, so a write is
 * acknowledged once the server stored it — and, if the lost answer was for a stored batch, the
 * resend answers `duplicate` instead of storing it twice.
 */

const CUSTOMERS_PER_PUSH = 5
/** Every UPLOAD_EVERY-th round uploads a photo: the organisation's 600 uploads per 15 minutes hold. */
const UPLOAD_EVERY = 8
/** A request without an answer after this long is given up and sent again (its ids are the same), as the engine does. */
const REQUEST_TIMEOUT_MS = PUSH_TIMEOUT_MS

export type TabletSetup = {
  n: number
  proxyUrl: string
  orgId: string
  salonId: string
  token: string
  /** The tablet's own address (X-Forwarded-For), as each salon's device has. */
  ip: string
  questionnaireId: string
  answers: unknown[]
}

type Answer = { status: number; body?: unknown; error?: string }

export type Tablet = ReturnType<typeof createTablet>

export function createTablet(t: TabletSetup) {
  const clientId = `scale-tablet-${t.n}-${unique()}`
  const headers = { authorization: `Bearer ${t.token}`, 'x-forwarded-for': t.ip }
  let seq = 0
  let cursors: Cursors = {}
  const stats = {
    clientId,
    /** Every mutation the tablet queued, by id: what it creates and the row's id. */
    queued: new Map<string, { kind: 'customer' | 'submission'; rowId: string }>(),
    /** Mutations the server acknowledged (applied, or duplicate of a stored one). */
    acknowledged: new Set<string>(),
    /** Acknowledged as `duplicate` on a resend: stored by a push whose answer was lost. */
    storedButUnanswered: 0,
    pushes: 0,
    resends: 0,
    pulls: 0,
    searches: 0,
    uploads: new Map<string, string>(),
    /** Customers the pulled replica holds (id → email). */
    replica: new Map<string, string>(),
    /** Anything a correct platform never answers (refused mutations, wrong search results…). */
    problems: [] as string[],
  }

  async function call(method: string, url: string, body?: unknown, extra: Record<string, string> = {}) {
    const isBuffer = Buffer.isBuffer(body)
    try {
      const res = await fetch(`${t.proxyUrl}${url}`, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        body: body === undefined ? undefined : isBuffer ? new Uint8Array(body) : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      const text = await res.text()
      return {
        status: res.status,
        body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      } as Answer
    } catch (err) {
      return { status: 0, error: (err as Error).message } as Answer
    }
  }

  /**
   * Sends until the server answers: no answer (a cut connection, a time-out) and 5xx are sent
   * again, as the sync engine retries them (the proxy's log still shows every 5xx for the proofs).
   */
  async function untilAnswered(send: () => Promise<Answer>, giveUpAt: number) {
    for (let attempt = 1; ; attempt++) {
      const r = await send()
      const lost = r.status === 0 || r.status >= 500
      if (!lost || Date.now() > giveUpAt) return { ...r, attempt }
      // The sync engine's backoff: short, growing, so a dead instance is not hammered.
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * attempt)))
    }
  }

  const pushUrl = apiUrl(API.sync.push, { org: t.orgId, salon: t.salonId })

  /** One outbox batch: customers, and a questionnaire the first of them filled in on the kiosk. */
  async function pushBatch(giveUpAt: number) {
    const mutations = []
    const created: { id: string; lastName: string }[] = []
    for (let i = 0; i < CUSTOMERS_PER_PUSH; i++) {
      const id = uuidv7()
      const lastName = unique('Scale-')
      created.push({ id, lastName })
      mutations.push({
        id: uuidv7(),
        seq: seq++,
        name: 'customer.create',
        at: new Date().toISOString(),
        args: {
          id,
          email: `${lastName.toLowerCase()}@example.test`,
          firstName: 'Tablet',
          lastName,
          salonIds: [t.salonId],
        },
      })
      stats.queued.set(mutations[i].id, { kind: 'customer', rowId: id })
    }
    const submission = {
      id: uuidv7(),
      seq: seq++,
      name: 'questionnaireSubmission.create',
      at: new Date().toISOString(),
      args: {
        id: uuidv7(),
        salonId: t.salonId,
        customerId: created[0].id,
        questionnaireId: t.questionnaireId,
        answers: t.answers,
        takenBy: 'customer',
        deviceId: clientId,
      },
    }
    mutations.push(submission)
    stats.queued.set(submission.id, { kind: 'submission', rowId: submission.args.id })
    const body = { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }
    const r = await untilAnswered(() => {
      stats.pushes++
      return call('POST', pushUrl, { ...body, sentAt: new Date().toISOString() })
    }, giveUpAt)
    stats.resends += r.attempt - 1
    if (r.status !== 200) {
      stats.problems.push(`push answered ${r.status} ${r.error ?? JSON.stringify(r.body)}`)
      return null
    }
    for (const res of (r.body as { results: { id: string; status: string; code?: string }[] }).results) {
      if (res.status === 'applied' || (res.status === 'duplicate' && r.attempt > 1)) stats.acknowledged.add(res.id)
      else stats.problems.push(`mutation ${res.id} ${res.status} ${res.code ?? ''} on attempt ${r.attempt}`)
      if (res.status === 'duplicate') stats.storedButUnanswered++
    }
    return created
  }

  /** One page of the changes feed from the tablet's cursors; false when nothing more is waiting. */
  async function pull(): Promise<boolean> {
    stats.pulls++
    const url = apiUrl(
      API.sync.changes,
      { org: t.orgId, salon: t.salonId },
      { ...(Object.keys(cursors).length ? { cursors: cursorsParam(cursors) } : {}), limit: 1000, clientId },
    )
    const r = await call('GET', url)
    if (r.status !== 200) return true
    const page = r.body as {
      changes: { entity: string; deleted: boolean; row?: { id: string; email: string } }[]
      cursors: Cursors
      hasMore: boolean
    }
    for (const c of page.changes)
      if (c.entity === 'customer' && !c.deleted && c.row) stats.replica.set(c.row.id, c.row.email)
    cursors = page.cursors
    return page.hasMore
  }

  /** Searches the last customer it created, through whichever instance: it must be found. */
  async function search(lastName: string, id: string) {
    stats.searches++
    const r = await call('GET', apiUrl(API.customers.list, { org: t.orgId }, { search: lastName, salonId: t.salonId }))
    if (r.status !== 200) return
    const items = (r.body as { items: { id: string }[] }).items
    if (!items.some((c) => c.id === id)) stats.problems.push(`search for ${lastName} missed customer ${id}`)
  }

  /** A customer's photo, uploaded with the client's id as the sync engine does: a resend answers the same file. */
  async function upload(giveUpAt: number) {
    const id = uuidv7()
    const bytes = Buffer.from(PNG_DATA_URL.split(',')[1], 'base64')
    const form = multipartForm({ bytes, filename: 'photo.png', mime: 'image/png' }, { id })
    const r = await untilAnswered(
      () => call('POST', apiUrl(API.uploads.image, { org: t.orgId }), form.payload, form.headers),
      giveUpAt,
    )
    if (r.status === 201) stats.uploads.set(id, (r.body as { path: string }).path)
    else stats.problems.push(`upload answered ${r.status} ${r.error ?? JSON.stringify(r.body)}`)
  }

  return {
    setup: t,
    stats,
    /** Rounds of push, pull, search (and now and then an upload) until `stopAt`; resends until `giveUpAt`. */
    async run(stopAt: number, giveUpAt: number) {
      for (let round = 0; Date.now() < stopAt; round++) {
        const created = await pushBatch(giveUpAt)
        await pull()
        const last = created?.at(-1)
        if (last) await search(last.lastName, last.id)
        if (round % UPLOAD_EVERY === t.n % UPLOAD_EVERY) await upload(giveUpAt)
      }
    },
    /** Pulls until the feed has nothing more for this tablet. */
    async pullToEnd() {
      for (let i = 0; i < 1000; i++) if (!(await pull())) return
    },
  }
}
