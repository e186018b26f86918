import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invoices } from '../../../server/db/schema'
import { billingApp, buy, option, paymentRow, trialOrganisation } from './fixtures'

/*
 * Issue 22 / research §7 B1: invoice numbers are gapless and unique under concurrency. 50 paid
 * webhooks arrive at once (the sandbox posts them over HTTP); the numbers are 1..50, each once.
 * Its own file, so its database has issued no invoice before. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the transactions really run in parallel.
 */

const { app, sandbox } = await billingApp()
const salon = await option(app, 'salon')
const N = 50

describe('the invoice counter', () => {
  it(`subscriptions: ${N} concurrent paid webhooks get invoice numbers 1..${N}, no gap, no duplicate`, async () => {
    // Ten organisations with five purchases each: concurrency across and within organisations.
    const orgs = await Promise.all(Array.from({ length: 10 }, () => trialOrganisation(app)))
    const providerIds: string[] = []
    for (let i = 0; i < N; i++) {
      const org = orgs[i % orgs.length]
      const res = await buy(app, org.id, org.owner.headers, { optionId: salon.id, period: 'monthly', autoExtend: true })
      expect(res.statusCode).toBe(201)
      providerIds.push((await paymentRow(app, res.json().payment.id)).providerPaymentId!)
    }
    const deliveries = (await Promise.all(providerIds.map((id) => sandbox.choose(id, 'paid')))).flat()
    expect(deliveries.map((d) => d.status)).toEqual(Array(N).fill(200))
    const issued = await app.db.select().from(invoices).where(eq(invoices.kind, 'invoice'))
    expect(issued.map((i) => i.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1))
    expect(new Set(issued.map((i) => i.number)).size).toBe(N)
    expect(new Set(issued.map((i) => i.paymentId)).size).toBe(N)
  })
})
