import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ACTIONS } from '../policy'
import { ENDPOINTS, pathParamNames } from '.'

describe('endpoint definitions', () => {
  it('has a unique method + path for every endpoint', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('covers every path parameter by the params schema, and names nothing else', () => {
    for (const e of ENDPOINTS) {
      const names = pathParamNames(e.path)
      const shape = e.params ? Object.keys((e.params as z.ZodObject).shape).sort() : []
      expect(shape, `${e.method} ${e.path}`).toEqual([...names].sort())
    }
  })

  it('names a policy action that exists, and none on a public endpoint', () => {
    for (const e of ENDPOINTS) {
      if (e.action) expect(ACTIONS, `${e.method} ${e.path}`).toContain(e.action)
      if (e.public) expect(e.action, `${e.method} ${e.path}`).toBeUndefined()
    }
  })

  it('gives GET endpoints no body, and multipart endpoints no JSON body', () => {
    for (const e of ENDPOINTS) {
      if (e.method === 'GET') expect(e.body, `${e.method} ${e.path}`).toBeUndefined()
      if (e.multipart) expect(e.body, `${e.method} ${e.path}`).toBeUndefined()
    }
  })

  it('uses object schemas for params and query (Fastify parses them per key)', () => {
    for (const e of ENDPOINTS) {
      if (e.params) expect(e.params, e.path).toBeInstanceOf(z.ZodObject)
      if (e.query) expect(e.query, e.path).toBeInstanceOf(z.ZodObject)
    }
  })
})
