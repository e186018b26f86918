import { describe, expect, it } from 'vitest'
import { endpointName } from '../../contract/endpoints'
import { buildTestApp } from '../helpers/app'
import { newId } from './customers-fixtures'
import { type Ids, requestOf, requestWorld, send, sweptEndpoints } from './endpoint-requests'

/*
 * Issue 21 #11: a `salonId` of another organisation or a made-up one, in a query or body, answered
 * 403 `readCustomers` on 7 customer calls (telling the branch exists, or not). An id in the query
 * or body that names another organisation's row or none answers as that id in a path does: 404
 * saying what is missing (see `answersMissing` for the two kinds of call that say it otherwise),
 * and changes nothing. Swept over every endpoint whose query or body
 * names a branch, customer, questionnaire, document or role.
 */

const app = await buildTestApp()
const w = await requestWorld(app)

const REFS: (keyof Ids)[] = ['salon', 'customer', 'questionnaire', 'document', 'role']
const foreignOf = (ref: keyof Ids): string =>
  ({
    org: w.away.id,
    salon: w.away.salons[0].id,
    customer: w.awayRows.customer,
    questionnaire: w.awayRows.questionnaire,
    document: w.awayRows.document,
    role: w.awayRows.role,
  })[ref]

/** The request with `ref` swapped for `value`, when the query or body names it (else null). */
function swapped(e: Parameters<typeof requestOf>[1], ref: keyof Ids, value: string) {
  const other = requestOf(w, e, { refs: { [ref]: value } })
  // The path keeps its own ids, so the value shows up only where the query or body names it.
  const named = other.url.includes(value) || JSON.stringify(other.payload ?? null).includes(value)
  return named ? other : null
}

/**
 * How a missing reference is answered: 404 `<THING>_NOT_FOUND`, as in a path. Two kinds of call
 * say it their own way, by design:
 * - a reference inside the form a create or update saves (an employee's branch access, a Grow
 *   condition's questionnaire) is a 400 naming that field, so the drawer shows it where it was
 *   chosen;
 * - a bulk send answers per recipient: a customer not found is listed as not sent, the others go.
 */
const BULK = new Set(['questionnaires.send', 'customerDocuments.bulkSend'])
function answersMissing(name: string, value: string, status: number, body: Record<string, unknown>) {
  if (status === 404) return /_NOT_FOUND$/.test(String(body.code))
  if (status === 400 && body.code === 'VALIDATION_FAILED')
    return ((body.details as { fields?: { path: string }[] })?.fields ?? []).some((f) => f.path !== '')
  if (BULK.has(name) && status === 200) {
    const { sent, results, failed } = body as { sent: unknown; results?: unknown[]; failed?: unknown[] }
    const notSent = JSON.stringify(
      failed ?? (results ?? []).filter((r) => (r as { status?: string }).status !== 'sent'),
    )
    return notSent.includes(value) && (Array.isArray(sent) ? !JSON.stringify(sent).includes(value) : true)
  }
  return false
}

describe('ids in the query or body', () => {
  it('another organisation’s or a made-up branch, customer, questionnaire, document or role is a 404', async () => {
    const wrong: string[] = []
    let swept = 0
    for (const e of sweptEndpoints()) {
      for (const ref of REFS) {
        for (const [kind, value] of [
          ['another organisation’s', foreignOf(ref)],
          ['a made-up', newId()],
        ] as const) {
          const r = swapped(e, ref, value)
          if (!r) continue
          swept++
          const res = await send(w, r)
          const body = String(res.headers['content-type']).includes('json') ? res.json() : {}
          if (!answersMissing(endpointName(e), value, res.statusCode, body))
            wrong.push(`${endpointName(e)} ${kind} ${ref}: ${res.statusCode} ${res.body.slice(0, 100)}`)
        }
      }
    }
    expect(swept).toBeGreaterThan(20)
    expect(wrong).toEqual([])
  }, 600_000)
})
