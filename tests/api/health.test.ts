import { expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'

const app = await buildTestApp()

it('health-check: answers ok after touching the database', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health-check' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ status: 'ok', database: 'ok' })
})

it('health-check/no-db: answers without the database', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health-check/no-db' })
  expect(res.json()).toEqual({ status: 'ok', database: 'skipped' })
})

it('unknown API paths answer the 404 error body', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/nope' })
  expect(res.statusCode).toBe(404)
  expect(res.json().code).toBe('NOT_FOUND')
})
