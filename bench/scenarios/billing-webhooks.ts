import { randomBytes } from 'node:crypto'
import type { CreateOrganisation } from '../../contract/organisations'
import type { SubscriptionOption } from '../../contract/subscriptions'
import type { BenchRow, Scenario } from '../types'

const ORGANISATIONS = Number(process.env.BENCH_BILLING_ORGS ?? 10)
const PER_ORGANISATION = Number(process.env.BENCH_BILLING_PAYMENTS ?? 10)
const REPLAYS = 5
const CONCURRENCY = 20
/** Targets: a busy platform sees a few paid webhooks a second at most (renewal days included). */
const LIMIT_PAID_PER_S = 20
const LIMIT_REPLAYS_PER_S = 100

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++])
    }),
  )
}

/**
 * Issue 22: payment webhooks, as Mollie sends them, on the sandbox provider. Organisations sign
 * up, each starts several purchases, then all are paid at once through the local checkout, whose
 * sandbox posts our webhook (fetch the payment, lock the organisation, apply once, issue the
 * invoice from the one locked counter): paid webhooks per second and whether the invoice numbers
 * came out gapless. Then every webhook is replayed 5× (applied once: nothing changes).
 */
export const scenario: Scenario = {
  name: 'billing-webhooks',
  async run(ctx) {
    const api = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
      const res = await fetch(`${ctx.baseUrl}/api${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`)
      return (text ? JSON.parse(text) : null) as T
    }
    const options = await api<SubscriptionOption[]>('/global/subscriptions/options')
    const orgs: { id: string; token: string }[] = []
    for (let i = 0; i < ORGANISATIONS; i++) {
      const tag = randomBytes(5).toString('hex')
      const input: CreateOrganisation = {
        legalName: `Bench ${tag} B.V.`,
        companyName: `Bench ${tag}`,
        slug: `bench-${tag}`,
        vatNumber: 'NL123456789B01',
        invoiceLanguage: 'nl',
        country: 'NL',
        addressLine1: 'Kerkstraat 1',
        addressLine2: '',
        postalCode: '1011 AA',
        city: 'Amsterdam',
        contactPerson: 'Eva de Vries',
        branchName: 'Centrum',
        admin: {
          firstName: 'Eva',
          lastName: 'Bench',
          email: `bench-${tag}@bench.test`,
          password: 'Geheim123',
          language: 'nl',
        },
      }
      const made = await api<{ organisation: { id: string }; session: { token: string } }>('/organisations', {
        method: 'POST',
        body: JSON.stringify(input),
      })
      orgs.push({ id: made.organisation.id, token: made.session.token })
    }
    // Each organisation starts several purchases (every option, monthly and yearly, in turn).
    const started: { org: { id: string; token: string }; paymentId: string; providerId: string }[] = []
    for (const org of orgs)
      for (let j = 0; j < PER_ORGANISATION; j++) {
        const option = options[j % options.length]
        const r = await api<{ payment: { id: string }; checkoutUrl: string }>(
          `/organisations/${org.id}/subscriptions/option-payment`,
          {
            method: 'POST',
            token: org.token,
            body: JSON.stringify({ optionId: option.id, period: j % 2 ? 'yearly' : 'monthly', autoExtend: true }),
          },
        )
        started.push({ org, paymentId: r.payment.id, providerId: decodeURIComponent(r.checkoutUrl.split('/').pop()!) })
      }

    const t0 = performance.now()
    await pool(started, CONCURRENCY, async (p) => {
      await api(`/dev/checkout/${encodeURIComponent(p.providerId)}`, {
        method: 'POST',
        body: JSON.stringify({ status: 'paid' }),
      })
    })
    const paidMs = performance.now() - t0

    // Every paid purchase has its invoice; the numbers of this run are consecutive.
    const numbers: number[] = []
    for (const org of orgs) {
      const list = await api<{ invoiceNumber: string | null; status: string }[]>(
        `/organisations/${org.id}/subscriptions/payments`,
        { token: org.token },
      )
      for (const p of list) if (p.invoiceNumber) numbers.push(Number(p.invoiceNumber.split('-').pop()))
    }
    numbers.sort((a, b) => a - b)
    const gapless = numbers.length === started.length && numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1)

    const replays = started.flatMap((p) => Array.from({ length: REPLAYS }, () => p))
    const t1 = performance.now()
    await pool(replays, CONCURRENCY, async (p) => {
      const res = await fetch(`${ctx.baseUrl}/api/organisations/${p.org.id}/subscription-options/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: p.providerId }).toString(),
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`webhook replay: ${res.status}`)
    })
    const replayMs = performance.now() - t1

    const rows: BenchRow[] = [
      {
        scenario: `paid webhooks + invoices (${started.length}, ${CONCURRENCY} at once, ${ORGANISATIONS} organisations)`,
        database: ctx.database,
        'per s': (started.length * 1000) / paidMs,
        'limit per s': `≥ ${LIMIT_PAID_PER_S}`,
        'invoice numbers': gapless
          ? `${numbers.length}, gapless`
          : `GAP OR MISSING: ${numbers.length}/${started.length}`,
      },
      {
        scenario: `webhook replays (${replays.length}, applied once)`,
        database: ctx.database,
        'per s': (replays.length * 1000) / replayMs,
        'limit per s': `≥ ${LIMIT_REPLAYS_PER_S}`,
        'invoice numbers': '',
      },
    ]
    return rows
  },
}
