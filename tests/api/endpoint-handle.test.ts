import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteOptions } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS, type EndpointSpec } from '../../contract/endpoints'
import { ORGANISATION_PERMISSIONS, type Permission, PERMISSIONS } from '../../contract/permissions'
import { allows, type Caller, POLICY, type Rule } from '../../contract/policy'
import { createSession } from '../../server/auth/sessions'
import { globalAdmins } from '../../server/db/schema'
import { callerKindOf } from '../../server/http/handle'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedEmployee, seedOrganisation } from '../helpers/factories'
import { fillUrl } from './route-table'

/*
 * Issue 20 §1: an endpoint is its definition and its handler. Every /api route is registered by
 * `handle` (server/http/handle.ts) from its definition, and the definition's policy action is
 * checked before the handler runs: here every handler is replaced by one that answers 299
 * ("reached") and inputs are not validated, so what a call answers is the central check alone.
 */

const REACHED = 299
const routes: RouteOptions[] = []
const app = await buildTestApp(
  {},
  {
    onRoute: (r) => {
      routes.push({ ...r })
      if (!r.config?.endpoint) return
      // Only the check is under test: no input validation, and a handler that says it was reached.
      r.schema = { ...r.schema, params: undefined, querystring: undefined, body: undefined, response: undefined }
      r.handler = async (_req, reply) => reply.code(REACHED).send({ reached: true })
    },
  },
)

describe('handle: every route is a definition and its handler', () => {
  it('registers every /api route through handle, from its definition', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    const without = api.filter((r) => !r.config?.endpoint).map((r) => `${r.method} ${r.url}`)
    expect(without).toEqual([])
    for (const r of api) expect(`/api${r.config?.endpoint?.path}`, `${r.method} ${r.url}`).toBe(r.url)
    expect(new Set(api.map((r) => r.config?.endpoint)).size).toBe(ENDPOINTS.length)
  })

  it('server/routes never resolves a caller or registers a route by hand', () => {
    const dir = path.resolve('server/routes')
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    const offending = files.filter((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8')
      // dev/page.ts and dev/checkout-page.ts: the HTML dev mailbox and the sandbox's checkout
      // page outside /api (no definition), said so in the files.
      const page = f === 'dev/page.ts' || f === 'dev/checkout-page.ts'
      return /\b(callerOf|ownCallerOf|sessionOf)\(|\.route\(/.test(text) || (!page && /app\.get\(/.test(text))
    })
    expect(offending).toEqual([])
  })
})

const home = await seedOrganisation(app, { salons: 2 })
const [A, B] = home.salons
const customer = await insertCustomer(app, { organisationId: home.id, salonIds: [A.id] })
const customerHeaders = bearer(
  (await createSession(app.db, { kind: 'customer', subjectId: customer.id, organisationId: home.id, ttlHours: 1 }))
    .token,
)
const adminId = uuidv7()
await app.db
  .insert(globalAdmins)
  .values({ id: adminId, email: `ga-${adminId}@example.test`, name: 'G', passwordHash: 'x' })
const adminHeaders = bearer(
  (await createSession(app.db, { kind: 'globalAdmin', subjectId: adminId, organisationId: null, ttlHours: 1 })).token,
)

/** One employee per set of permissions and branch (seeded once). */
const seeded = new Map<string, Promise<Record<string, string>>>()
const employeeWith = (permissions: readonly Permission[], salonId: string) => {
  const key = `${salonId}:${[...permissions].sort().join(',')}`
  if (!seeded.has(key))
    seeded.set(
      key,
      seedEmployee(app, { organisationId: home.id, salonIds: [salonId], permissions: [...permissions] }).then(
        (e) => e.headers,
      ),
    )
  return seeded.get(key)!
}

const call = (e: EndpointSpec, headers: Record<string, string>, salonId = A.id) =>
  app.inject({
    method: e.method,
    url: `/api${fillUrl(e.path, { org: home.id, salon: salonId })}`,
    headers,
  })

/** The caller the policy sees for an employee holding `permissions` in branch A. */
const employeeCaller = (permissions: readonly Permission[]): Caller => ({
  kind: 'employee',
  organisationId: home.id,
  employeeId: uuidv7(),
  impersonatedBy: null,
  grants: new Map([[A.id, new Set(permissions)]]),
})

// manageSalons holds every permission in every branch (spec §6), so "everything but" leaves it out.
const everything = PERMISSIONS.filter((p) => p !== 'manageSalons')

describe('handle: the definition’s action is checked before the handler', () => {
  const checked = ENDPOINTS.filter((e) => e.action && callerKindOf(e) !== 'none' && callerKindOf(e) !== 'session')
  it('checks an action for every endpoint with a caller, but the customer’s own and the sync push', () => {
    const unchecked = ENDPOINTS.filter((e) => !e.public && !e.action).map((e) => `${e.method} ${e.path}`)
    // The customer's own calls (`/customers/me…`: the services' asCustomer), calls about the
    // session itself, and the sync push (staff and customers; each entity asks its own action,
    // server/services/sync/README.md), and the global admin's sign-in steps and an impersonation's
    // stop (issue 23: handle's sessionGate lets only those sessions through, the services check
    // them). Any other endpoint without an action fails here.
    const exempt =
      /\/customers\/me\b|^POST \/authentication\/logout$|^POST \/storage\/session$|^GET \/images\/categories$|\/sync\/push$|^POST \/global\/authentication\/(login\/code|second-factor\/|impersonation\/stop)/
    expect(unchecked.filter((p) => !exempt.test(p))).toEqual([])
  })

  for (const e of checked) {
    const action = e.action!
    const rule: Rule = POLICY[action]
    const inBranch = e.path.includes(':salon')
    it(`${e.method} ${e.path} (${action}): refused without the action's permissions, reached with them`, async () => {
      const wrong: string[] = []
      const answers = async (who: string, headers: Record<string, string>, expected: number, salonId?: string) => {
        const res = await call(e, headers, salonId)
        if (res.statusCode !== expected) wrong.push(`${who}: ${res.statusCode} (expected ${expected}) ${res.body}`)
      }
      if (rule.globalAdmin) {
        await answers('global admin', adminHeaders, REACHED)
        await answers('owner', home.owner.headers, 403)
        expect(wrong).toEqual([])
        return
      }
      // Exactly the permissions the action asks for (one of each group), in branch A: reached.
      const minimal = rule.needs.map((group) => group.find((p) => p !== 'manageSalons') ?? group[0])
      await answers('holder in A', await employeeWith(minimal, A.id), REACHED)
      // Every permission but one group's: refused (403) before the handler.
      // (A `hidden` row endpoint: not found to whoever may not read such rows either.)
      for (const group of rule.needs) {
        const lacking = everything.filter((p) => !group.includes(p))
        const readsRows = e.hidden && allows(employeeCaller(lacking), e.hidden.unless)
        await answers(
          `without ${group.join('|')}`,
          await employeeWith(lacking, A.id),
          e.hidden && !readsRows ? 404 : 403,
        )
      }
      // A branch-level action in the branch of the path: the permissions elsewhere do not count.
      const heldEverywhere = minimal.some((p) => ORGANISATION_PERMISSIONS.includes(p as never))
      if (inBranch && rule.level === 'branch' && !heldEverywhere)
        await answers('holder in B only', await employeeWith(minimal, B.id), 403)
      // A branch that is not the organisation's: 404 before anything else.
      if (inBranch) await answers('unknown branch', home.owner.headers, 404, uuidv7())
      // A customer (of branch A): only where the policy lets customers act.
      await answers('customer of A', customerHeaders, rule.customer ? REACHED : e.hidden ? 404 : 403)
      if (inBranch && rule.customer) await answers('customer in B', customerHeaders, 404, B.id)
      expect(wrong).toEqual([])
    })
  }
})
