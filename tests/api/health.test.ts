import { expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()

it('health-check: answers ok after touching the database', async () => {
  const res = await app.inject({ method: 'GET', url: apiUrl(API.health.check) })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ status: 'ok', database: 'ok' })
})

it('health-check/no-db: answers without the database', async () => {
  const res = await app.inject({ method: 'GET', url: apiUrl(API.health.checkNoDb) })
  expect(res.json()).toEqual({ status: 'ok', database: 'skipped' })
})

it('unknown API paths answer the 404 error body', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/nope' })
  expect(res.statusCode).toBe(404)
  expect(res.json().code).toBe('ROUTE_NOT_FOUND')
})

it('api/docs: serves the OpenAPI document with the spec paths', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  const doc = res.json()
  expect(doc.openapi).toMatch(/^3\./)
  expect(Object.keys(doc.paths)).toContain(apiUrl(API.health.check))
})

it('errors: malformed JSON is a clear 400 that changes nothing', async () => {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.organisations.create),
    headers: { 'content-type': 'application/json' },
    payload: '{"legalName": ',
  })
  expect(res.statusCode).toBe(400)
  expect(res.json().code).toBe('VALIDATION_FAILED')
})
