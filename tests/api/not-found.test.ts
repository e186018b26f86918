import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { API, endpointName } from '../../contract/endpoints'
import { ERRORS } from '../../contract/errors'
import { buildTestApp } from '../helpers/app'
import { newId } from './customers-fixtures'
import { requestOf, requestWorld, send, sweptEndpoints } from './endpoint-requests'

/*
 * Issue 21 #12: an API 404 says what is missing ("Customer not found.", "Role not found."), never
 * the app's page text ("Error 404 - Unfortunately this page not found"), and an unknown API
 * address is a JSON 404 too, never the app's HTML page. Swept over every endpoint with an id in
 * its path: each id in turn made up.
 */

const PAGE_TEXT = 'Error 404 - Unfortunately this page not found'
const staticDir = mkdtempSync(path.join(tmpdir(), 'not-found-'))
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>')
afterAll(() => rmSync(staticDir, { recursive: true, force: true }))
const app = await buildTestApp({ staticDir })
const w = await requestWorld(app)

/** A 404 that names what is missing: a `<THING>_NOT_FOUND` code and its own message. */
const saysWhatIsMissing = (status: number, body: { code?: string; message?: string }) =>
  status === 404 &&
  /^[A-Z_]+_NOT_FOUND$/.test(body.code ?? '') &&
  body.message !== PAGE_TEXT &&
  /not found\.$/.test(body.message ?? '')

describe('not found: every API 404 says what is missing', () => {
  it('no catalogue 404 uses the page text, and each names a thing', () => {
    const notFound = Object.entries(ERRORS).filter(([, e]) => e.status === 404)
    expect(notFound.filter(([, e]) => (e.message as string) === PAGE_TEXT).map(([code]) => code)).toEqual([])
    expect(notFound.filter(([, e]) => !/ not found\.$/.test(e.message)).map(([code]) => code)).toEqual([])
  })

  it('every endpoint with an id in its path: a made-up id is a 404 naming what is missing', async () => {
    const wrong: string[] = []
    for (const e of sweptEndpoints()) {
      const params = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
      // A discount code is no id: a made-up one is the one INVALID_DISCOUNT_CODE (no enumeration).
      for (const param of params.filter((p) => p !== 'code')) {
        const res = await send(w, requestOf(w, e, { params: { [param]: newId() } }))
        const body = String(res.headers['content-type']).includes('json') ? res.json() : {}
        if (!saysWhatIsMissing(res.statusCode, body))
          wrong.push(`${endpointName(e)} :${param}: ${res.statusCode} ${res.body.slice(0, 100)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 600_000)

  it('the spec’s own text where it has one; a branch and an organisation say so', async () => {
    const customer = await send(w, requestOf(w, API.customers.get, { params: { id: newId() } }))
    expect(customer.json()).toEqual({ code: 'CUSTOMER_NOT_FOUND', message: 'Customer not found.' })
    const branch = await send(w, requestOf(w, API.salons.get, { params: { salon: newId() } }))
    expect(branch.json()).toEqual({ code: 'SALON_NOT_FOUND', message: 'Branch not found.' })
    const org = await send(w, requestOf(w, API.customers.list, { params: { org: newId() } }))
    expect(org.json()).toEqual({ code: 'ORGANISATION_NOT_FOUND', message: 'Organisation not found.' })
  })

  it('an unknown API address is a JSON 404, whatever the method; the app keeps its own pages', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/api'],
      ['GET', '/api?x=1'],
      ['POST', '/api/organisations/x/no-such-thing'],
      ['DELETE', '/api/customers'],
    ] as const) {
      const res = await app.inject({ method, url, headers: w.home.owner.headers })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json')
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 'ROUTE_NOT_FOUND',
        message: ERRORS.ROUTE_NOT_FOUND.message,
      })
    }
    const page = await app.inject({ url: '/demo/admin/customers' })
    expect(page.headers['content-type']).toContain('text/html')
    const file = await app.inject({ url: '/storage/nothing/here.png' })
    expect(file.json()).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found.' })
  })
})
