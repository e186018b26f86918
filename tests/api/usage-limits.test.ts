import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SEND_MSG } from '../../contract/questionnaires'
import { createSession } from '../../server/auth/sessions'
import { USAGE_LIMITS } from '../../server/routes/usage-limits'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { bearer, seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { newId, postQuestionnaire } from './questionnaires-fixtures'
import { multipartForm } from '../helpers/multipart'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 7 #13: whatever sends messages or stores files is bounded per organisation and per
 * customer (429 TOO_MANY_REQUESTS, or a per-customer send failure), counted only for callers who
 * are signed in, so a stranger cannot spend a salon's budget. The same counters run on Redis
 * when REDIS_URL is set (tests/helpers/app.ts).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'usage-limits-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const app = await buildTestApp({ dataDir })

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
])
function upload(orgId: string, headers: Record<string, string>, server = app) {
  const f = multipartForm({ bytes: PNG, filename: 'p.png', mime: 'image/png' })
  return server.inject({
    method: 'POST',
    url: apiUrl(API.uploads.image, { org: orgId }),
    headers: { ...headers, ...f.headers },
    payload: f.payload,
  })
}
const customerHeaders = async (organisationId: string, customerId: string) =>
  bearer((await createSession(app.db, { kind: 'customer', subjectId: customerId, organisationId, ttlHours: 1 })).token)

describe('usage limits on messages and stored files', () => {
  it('a customer receives at most 3 questionnaire messages per window; the others in the send still go', async () => {
    const org = await seedOrganisation(app)
    const salon = org.salons[0]
    const q = await postQuestionnaire(app, org.id, salon.id, org.owner.headers)
    const anna = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })
    const send = (customerIds: string[]) =>
      app.inject({
        method: 'POST',
        url: apiUrl(API.questionnaires.send, { org: org.id, salon: salon.id }),
        headers: org.owner.headers,
        payload: { questionnaireId: q.id, customerIds },
      })
    for (let i = 0; i < USAGE_LIMITS.messagesPerCustomer; i++)
      expect((await send([anna.id])).json().sent).toHaveLength(1)
    const bob = await insertCustomer(app, { organisationId: org.id, salonIds: [salon.id] })
    const res = await send([anna.id, bob.id])
    expect(res.statusCode).toBe(200)
    expect(res.json().sent.map((s: { customerId: string }) => s.customerId)).toEqual([bob.id])
    expect(res.json().failed).toEqual([expect.objectContaining({ customerId: anna.id, message: SEND_MSG.tooMany })])
  })

  it('an organisation sends at most 20 questionnaire sends per window (429); strangers spend nothing', async () => {
    const org = await seedOrganisation(app)
    const salon = org.salons[0]
    const q = await postQuestionnaire(app, org.id, salon.id, org.owner.headers)
    const url = apiUrl(API.questionnaires.send, { org: org.id, salon: salon.id })
    const payload = { questionnaireId: q.id, customerIds: [newId()] }
    for (let i = 0; i < 30; i++)
      expect((await app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() })).statusCode).toBe(401)
    for (let i = 0; i < USAGE_LIMITS.sendsPerOrganisation; i++)
      expect((await app.inject({ method: 'POST', url, payload, headers: org.owner.headers })).statusCode).toBe(200)
    const over = await app.inject({ method: 'POST', url, payload, headers: org.owner.headers })
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('TOO_MANY_REQUESTS')
    // Another organisation is not affected.
    const other = await seedOrganisation(app)
    const oq = await postQuestionnaire(app, other.id, other.salons[0].id, other.owner.headers)
    const ok = await app.inject({
      method: 'POST',
      url: apiUrl(API.questionnaires.send, { org: other.id, salon: other.salons[0].id }),
      payload: { questionnaireId: oq.id, customerIds: [newId()] },
      headers: other.owner.headers,
    })
    expect(ok.statusCode).toBe(200)
  })

  it('a customer stores at most 30 photos per window; another customer of the salon still can', async () => {
    const org = await seedOrganisation(app)
    const salonIds = [org.salons[0].id]
    const anna = await customerHeaders(org.id, (await insertCustomer(app, { organisationId: org.id, salonIds })).id)
    for (let i = 0; i < USAGE_LIMITS.uploadsPerCustomer; i++) expect((await upload(org.id, anna)).statusCode).toBe(201)
    const over = await upload(org.id, anna)
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('TOO_MANY_REQUESTS')
    const bob = await customerHeaders(org.id, (await insertCustomer(app, { organisationId: org.id, salonIds })).id)
    expect((await upload(org.id, bob)).statusCode).toBe(201)
    expect((await upload(org.id, org.owner.headers)).statusCode).toBe(201)
  })

  it('customer sign-in code mails: capped per organisation across many e-mails and IPs', async () => {
    const org = await seedOrganisation(app)
    const url = apiUrl(API.auth.customerLoginRequest, { org: org.slug })
    const codes: number[] = []
    for (let i = 0; i <= USAGE_LIMITS.codeMailsPerOrganisation; i++)
      codes.push(
        (await app.inject({ method: 'POST', url, payload: { email: `x${i}@example.test` }, remoteAddress: freshIp() }))
          .statusCode,
      )
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true)
    expect(codes.at(-1)).toBe(429)
  })
})

describe('usage limits per organisation (scaled down: RATE_LIMIT_FACTOR 0.1)', async () => {
  const small = await buildTestApp({ dataDir, rateLimitFactor: 0.1 })
  it('staff and customers of one organisation store at most 600 files per window together', async () => {
    const org = await seedOrganisation(small)
    const max = USAGE_LIMITS.uploadsPerOrganisation * 0.1
    const codes: number[] = []
    for (let i = 0; i <= max; i++) {
      const res = await upload(org.id, org.owner.headers, small)
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, -1).every((c) => c === 201)).toBe(true)
    expect(codes.at(-1)).toBe(429)
  })
})
