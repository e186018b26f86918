import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { API, type EndpointSpec } from '../../../contract/endpoints'
import { auditEvents, discountCodes, discountRedemptions } from '../../../server/db/schema'
import { buildTestApp, unique } from '../../helpers/app'
import { seedOrganisation } from '../../helpers/factories'
import { seedGlobalAdmin } from '../../helpers/global-admin'
import { apiUrl } from '../../helpers/url'

/*
 * Issue 23: discount codes for the global admin (research §7 C1, C5), and who may call every
 * global billing route: a global admin only (an employee, even an owner, 403; nobody 401).
 */

const app = await buildTestApp()
const admin = await seedGlobalAdmin(app)
const D = API.globalDiscountCodes
const newCode = () =>
  unique('CODE')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()

const call = (e: EndpointSpec, params: Record<string, string> = {}, payload?: object, headers = admin.headers) =>
  app.inject({ method: e.method, url: apiUrl(e, params), headers, ...(payload ? { payload } : {}) })

async function redeem(codeId: string, organisationId: string) {
  await app.db
    .insert(discountRedemptions)
    .values({ id: uuidv7(), discountCodeId: codeId, organisationId, paymentId: uuidv7() })
  await app.db
    .update(discountCodes)
    .set({ redeemedCount: sql`${discountCodes.redeemedCount} + 1` })
    .where(eq(discountCodes.id, codeId))
}

describe('discount codes', () => {
  it('created, listed with redemption counts, redemptions per organisation; audited', async () => {
    const code = newCode()
    const res = await call(
      D.create,
      {},
      { code, type: 'percent', value: 2500, duration: 'repeating', durationPeriods: 3, maxRedemptions: 10 },
    )
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      code,
      type: 'percent',
      value: 2500,
      maxPerOrganisation: 1,
      active: true,
      redemptions: 0,
    })
    const a = await seedOrganisation(app)
    const b = await seedOrganisation(app)
    await redeem(created.id, a.id)
    await redeem(created.id, a.id)
    await redeem(created.id, b.id)
    const listed = (await call(D.list)).json().find((c: { id: string }) => c.id === created.id)
    expect(listed).toMatchObject({ redemptions: 3, organisations: 2 })
    const per = (await call(D.redemptions, { id: created.id })).json()
    expect(per.map((r: { organisation: { id: string }; count: number }) => [r.organisation.id, r.count])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ])
    const audits = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'discountCodeCreate'), eq(auditEvents.actorId, admin.id)))
    expect(audits.map((e) => (e.data as { code: string }).code)).toContain(code)
  })

  it('validation: percent 1..100%, fixed > 0, the window, repeating needs periods, unique case-insensitively', async () => {
    const bad = async (body: object) =>
      (await call(D.create, {}, { code: newCode(), duration: 'once', ...body })).statusCode
    expect(await bad({ type: 'percent', value: 10001 })).toBe(400)
    expect(await bad({ type: 'percent', value: 0 })).toBe(400)
    expect(await bad({ type: 'fixed', value: 0 })).toBe(400)
    expect(
      await bad({ type: 'fixed', value: 500, validFrom: '2026-02-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' }),
    ).toBe(400)
    expect(await bad({ type: 'fixed', value: 500, duration: 'repeating' })).toBe(400)
    expect(await bad({ type: 'fixed', value: 500, maxPerOrganisation: 0 })).toBe(400)
    expect(await bad({ type: 'fixed', value: 500, appliesTo: ['nosuchplan'] })).toBe(400)
    expect(await bad({ type: 'percent', value: 10000, appliesTo: ['salon'] })).toBe(201)
    const code = newCode()
    expect((await call(D.create, {}, { code, type: 'fixed', value: 500, duration: 'forever' })).statusCode).toBe(201)
    const twice = await call(D.create, {}, { code: code.toLowerCase(), type: 'fixed', value: 500, duration: 'forever' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('DISCOUNT_CODE_TAKEN')
  })

  it('edit; a used code keeps its terms; deactivate; delete only when never used', async () => {
    const created = (await call(D.create, {}, { code: newCode(), type: 'fixed', value: 500, duration: 'once' })).json()
    const edited = await call(D.update, { id: created.id }, { value: 750, maxRedemptions: 5 })
    expect(edited.json()).toMatchObject({ value: 750, maxRedemptions: 5 })
    expect((await call(D.update, { id: created.id }, { type: 'percent', value: 20000 })).statusCode).toBe(400)
    const org = await seedOrganisation(app)
    await redeem(created.id, org.id)
    const locked = await call(D.update, { id: created.id }, { value: 900 })
    expect(locked.json().code).toBe('DISCOUNT_CODE_TERMS_LOCKED')
    expect((await call(D.update, { id: created.id }, { maxRedemptions: 8 })).json().maxRedemptions).toBe(8)
    const removed = await call(D.remove, { id: created.id })
    expect(removed.statusCode).toBe(409)
    expect(removed.json().code).toBe('DISCOUNT_CODE_USED')
    const off = await call(D.deactivate, { id: created.id })
    expect(off.json()).toMatchObject({ active: false, redemptions: 1 })
    const unused = (await call(D.create, {}, { code: newCode(), type: 'fixed', value: 500, duration: 'once' })).json()
    expect((await call(D.remove, { id: unused.id })).statusCode).toBe(204)
    expect((await call(D.redemptions, { id: unused.id })).json().code).toBe('DISCOUNT_CODE_NOT_FOUND')
  })
})

describe('every global billing route: global admins only', () => {
  const routes = [...Object.values(API.globalSubscriptions), ...Object.values(D)] as EndpointSpec[]
  const id = '01970000-0000-7000-8000-000000000001'
  // Valid requests: the policy answers after the schema (a malformed one is a 400 for anyone signed in).
  const bodies = new Map<EndpointSpec, object>([
    [
      API.globalSubscriptions.createOption,
      {
        code: 'nobody',
        name: { nl: 'X', en: 'X' },
        monthlyPriceCents: 1,
        yearlyPriceCents: 1,
        limits: { customers: null, employees: null, salons: null },
        features: [],
        rank: 1,
        active: true,
      },
    ],
    [API.globalSubscriptions.updateOption, { active: true }],
    [D.create, { code: 'NOBODY1', type: 'fixed', value: 1, duration: 'once' }],
    [D.update, { active: true }],
  ])
  it('an employee (even an owner) 403, no session 401', async () => {
    const org = await seedOrganisation(app)
    for (const e of routes) {
      const query = e === API.globalSubscriptions.cancelCustomerSubscription ? '?reason=Because&mode=now' : ''
      const url = `${apiUrl(e, { id })}${query}`
      const asOwner = await app.inject({
        method: e.method,
        url,
        headers: org.owner.headers,
        payload: bodies.get(e),
      })
      expect(asOwner.statusCode, `${e.method} ${e.path}`).toBe(403)
      const nobody = await app.inject({ method: e.method, url, payload: bodies.get(e) })
      expect(nobody.statusCode, `${e.method} ${e.path}`).toBe(401)
    }
    expect(routes).toHaveLength(11)
  })
})
