import { describe, expect, it } from 'vitest'
import { API, ENDPOINTS, endpointName } from '../../contract/endpoints'
import { POLICY, type Rule } from '../../contract/policy'
import { buildTestApp } from '../helpers/app'

/*
 * Issue 21 #14: every operation of the OpenAPI document has an operationId (the definition's
 * name), a summary and who may call it (`x-permissions`, from the policy table), so an integrator
 * can see who may call what. Generated from the definitions: a new endpoint is covered here
 * without a line of its own.
 */

const app = await buildTestApp()
type Operation = {
  operationId?: string
  summary?: string
  description?: string
  'x-permissions'?: { action: string | null; needs: string[][]; public: boolean; customer: boolean; who: string }
}
const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>
}
/** `/organisations/:org/x` → the document's `/api/organisations/{org}/x`. */
const docPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`
const operationOf = (e: (typeof ENDPOINTS)[number]) => doc.paths[docPath(e.path)]?.[e.method.toLowerCase()]

describe('OpenAPI: every operation says what it is and who may call it', () => {
  it('every definition has an operation with a unique operationId, a summary and its permissions', () => {
    const wrong: string[] = []
    for (const e of ENDPOINTS) {
      const op = operationOf(e)
      const name = `${e.method} ${e.path}`
      if (!op) {
        wrong.push(`${name}: not in the document`)
        continue
      }
      if (op.operationId !== endpointName(e)) wrong.push(`${name}: operationId ${op.operationId}`)
      if (!op.summary?.trim()) wrong.push(`${name}: no summary`)
      const permissions = op['x-permissions']
      if (!permissions?.who || !op.description?.includes(permissions.who)) wrong.push(`${name}: no permissions`)
      else if (permissions.action !== (e.action ?? null)) wrong.push(`${name}: action ${permissions.action}`)
      else if (e.action) {
        const rule: Rule = POLICY[e.action]
        if (JSON.stringify(permissions.needs) !== JSON.stringify(rule.needs)) wrong.push(`${name}: needs`)
      } else if (permissions.public !== Boolean(e.public)) wrong.push(`${name}: public`)
    }
    expect(wrong).toEqual([])
    const ids = ENDPOINTS.map((e) => operationOf(e)?.operationId)
    expect(new Set(ids).size).toBe(ENDPOINTS.length)
  })

  it('the permissions are the policy table’s, in data and in words', () => {
    const update = operationOf(API.customers.update)
    expect(update?.operationId).toBe('customers.update')
    expect(update?.summary).toBe('Customers: update')
    expect(update?.['x-permissions']).toMatchObject({ action: 'customers.manage', needs: [['manageCustomers']] })
    expect(update?.description).toContain('manageCustomers in the branch acted in')
    expect(operationOf(API.auth.login)?.['x-permissions']).toMatchObject({ public: true, action: null })
    expect(operationOf(API.customers.me)?.['x-permissions']).toMatchObject({ customer: true, action: null })
    expect(operationOf(API.auth.impersonate)?.description).toContain('Global administrators only')
  })
})
