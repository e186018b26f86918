import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { twoOrganisations } from '../helpers/two-organisations'
import { freshIp } from '../helpers/signup'
import { newId, postQuestionnaire, questionnaireBody } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const { org: orgA, orgB, s1: a1, s2: a2, owner, staff } = await twoOrganisations(app)
const q = await postQuestionnaire(app, orgA.id, a1.id, owner)
const customer = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a1.id] })
const elsewhere = await insertCustomer(app, { organisationId: orgA.id, salonIds: [a2.id] })
const link = (headers: Record<string, string>, customerId: string, id = q.id, salon = a1.id, org = orgA.id) =>
  app.inject({
    method: 'POST',
    url: apiUrl(API.questionnaires.createShortcut, { org, salon, id }),
    headers,
    payload: { customerId },
  })
const resolve = (code: string, ip = freshIp()) =>
  app.inject({ url: apiUrl(API.shortcuts.resolve, { code }), remoteAddress: ip })

describe('shortcuts', () => {
  it('shortcuts: one code per questionnaire and customer resolves to organisation, questionnaire and e-mail', async () => {
    const res = await link(owner, customer.id)
    expect(res.statusCode).toBe(200)
    const { code, url } = res.json()
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    expect(url).toBe(`${app.config.publicUrl}/shortcut?code=${code}`)
    expect((await link(owner, customer.id)).json().code).toBe(code)
    const r = await resolve(code.toLowerCase())
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({
      organisationId: orgA.id,
      slug: orgA.slug,
      organisationName: orgA.companyName,
      questionnaireId: q.id,
      email: customer.email,
    })
  })

  it('shortcuts: unknown codes are 404, bad ones 400; the lookup is rate-limited', async () => {
    expect((await resolve('ZZZZZZZZ')).statusCode).toBe(404)
    expect((await resolve('x')).statusCode).toBe(400)
    const ip = freshIp()
    let last = 0
    let limited: Awaited<ReturnType<typeof resolve>> | undefined
    for (let i = 0; i < 31; i++) {
      limited = await resolve('ZZZZZZZZ', ip)
      last = limited.statusCode
    }
    expect(last).toBe(429)
    // The link's screen says when to try again (issue 7 #20): the wait in seconds, as HTTP says it.
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })

  it('shortcuts: only customers of the branch, only customer questionnaires', async () => {
    expect((await link(owner, elsewhere.id)).statusCode).toBe(404)
    const staffOnly = await postQuestionnaire(
      app,
      orgA.id,
      a1.id,
      owner,
      questionnaireBody({ kind: 'employeeQuestionnaire' }),
    )
    expect((await link(owner, customer.id, staffOnly.id)).statusCode).toBe(404)
    expect((await link(owner, customer.id, newId())).statusCode).toBe(404)
  })

  it('shortcuts: permission 403 and another organisation 404', async () => {
    const nobody = await staff(['readCustomers'])
    expect((await link(nobody.headers, customer.id)).statusCode).toBe(403)
    const b = orgB.owner.headers
    expect((await link(b, customer.id, q.id, orgB.salons[0].id, orgB.id)).statusCode).toBe(404)
    expect((await link(b, customer.id)).statusCode).toBe(404)
  })
})
