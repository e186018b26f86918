import { describe, expect, it } from 'vitest'
import { isPublicRoute } from '../../server/http/route-auth'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { appWithRoutes, fillUrl } from './route-table'

/**
 * Authentication before validation (issue 7 #8): every route outside this list answers 401 to a
 * caller without a valid session, whatever the body — never a 400 that describes the schema.
 * A new public route must be added here on purpose.
 */
const PUBLIC = new Set([
  'GET /api/health-check',
  'GET /api/health-check/no-db',
  'GET /api/dev/mailbox',
  'POST /api/organisations',
  'GET /api/organisations/challenge',
  'GET /api/organisations/public',
  'POST /api/organisations/:org/authentication/login',
  'POST /api/authentication/login',
  'POST /api/organisations/:org/authentication/request-password-reset',
  'POST /api/authentication/request-password-reset',
  'POST /api/organisations/:org/authentication/password-reset',
  'POST /api/authentication/password-reset',
  'POST /api/organisations/:org/authentication/customer-login-request',
  'POST /api/organisations/:org/authentication/customer-login-request/verify',
  'POST /api/global/authentication/login',
  'GET /api/shortcuts',
  // Issue 24: anyone holding a certificate's code checks it (rate-limited per IP).
  'GET /api/certificates/:code',
  // Issue 22: the plans, Mollie's webhooks (form-encoded id only; the payment is fetched) and
  // the sandbox's local checkout (this machine only).
  'GET /api/global/subscriptions/options',
  'POST /api/organisations/:org/subscription-options/payments/webhook',
  'POST /api/organisations/:org/subscription/recurring-payments/webhook',
  // Issue 23: the WhatsApp credits payment webhook (the same pipeline).
  'POST /api/organisations/:org/whatsapp-credits/payments/webhook',
  // Issue 24: the paid course payment webhook (the same pipeline).
  'POST /api/organisations/:org/paid-courses/payments/webhook',
  'POST /api/dev/checkout/:id',
  // Issue 23 G1: Plug&Pay's new-organisation webhook (its own shared key, checked before the body).
  'POST /api/organisations/plug-and-pay/new-organisation/webhook',
])

const { app, routes } = await appWithRoutes()
const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`

describe('authentication before validation', () => {
  it('auth: the public routes are exactly the listed ones (security: [] in their schema)', () => {
    expect(api.length).toBeGreaterThan(50)
    expect(new Set(api.filter(isPublicRoute).map(key))).toEqual(PUBLIC)
  })

  it('auth: HEAD of a protected GET is a 401 too', async () => {
    const res = await app.inject({ method: 'HEAD', url: apiUrl(API.customers.list, { org: 'x' }, { page: -1 }) })
    expect(res.statusCode).toBe(401)
  })

  const junk: { name: string; headers: Record<string, string>; payload?: string }[] = [
    {
      name: 'no credentials, junk JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"junk":[1,{"x":null}]}',
    },
    { name: 'no credentials, malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"junk":' },
    {
      name: 'an unknown token',
      headers: { authorization: 'Bearer not-a-session', 'content-type': 'text/plain' },
      payload: 'x',
    },
  ]
  for (const j of junk)
    it(`auth: every protected route answers 401 UNAUTHENTICATED — ${j.name}`, async () => {
      const wrong: string[] = []
      for (const r of api.filter((r) => !PUBLIC.has(key(r)))) {
        const hasBody = r.method !== 'GET' && r.method !== 'DELETE'
        const res = await app.inject({
          method: r.method as 'GET',
          // Params that no schema accepts: validation would speak first if it ran first.
          url: `${fillUrl(r.url, { org: 'x', salon: 'y', id: 'z', conflictId: 'w' })}?page=-1&junk=1`,
          headers: hasBody ? j.headers : { authorization: j.headers.authorization ?? '' },
          payload: hasBody ? j.payload : undefined,
        })
        if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED') wrong.push(`${key(r)} → ${res.statusCode}`)
      }
      expect(wrong).toEqual([])
    })
})
