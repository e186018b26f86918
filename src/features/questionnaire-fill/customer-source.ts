import type { Answer, Questionnaire } from '../../../contract/questionnaires'
import type { Customer } from '../../../contract/customers'
import { API_BASE, ApiError, api } from '../../api/client'
import { fillDb } from './draft-db'

/*
 * The customer area has no replica: questionnaires are fetched online and kept in the small fill
 * store once opened, so the filling continues offline; a submission that cannot be sent waits
 * there and is POSTed again on reconnect (idempotent by its client id).
 */

type Ctx = { orgId: string; token: string }

/** The customer's branch (a customer acts in a branch they belong to), remembered for offline use. */
async function salonOf({ orgId, token }: Ctx): Promise<string> {
  const key = `fill-salon:${orgId}`
  try {
    const me = await api<Customer>(`/organisations/${orgId}/customers/me`, { token })
    const salonId = me.salonIds[0]
    if (salonId) localStorage.setItem(key, salonId)
    return salonId
  } catch (e) {
    const known = localStorage.getItem(key)
    if (known) return known
    throw e
  }
}

/** The open customer questionnaires; offline, the ones cached before. */
export async function customerQuestionnaires(ctx: Ctx): Promise<Questionnaire[]> {
  try {
    const salonId = await salonOf(ctx)
    const rows = await api<Questionnaire[]>(`/organisations/${ctx.orgId}/salons/${salonId}/questionnaires`, {
      token: ctx.token,
    })
    const open = rows.filter((q) => q.kind === 'customerQuestionnaire' && !q.hidden)
    await fillDb().questionnaires.bulkPut(open)
    return open
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) {
      const all = await fillDb().questionnaires.toArray()
      return all.filter((q) => q.organisationId === ctx.orgId)
    }
    throw e
  }
}

/** One questionnaire: the cached copy at once when there is one (offline reload), else fetched. */
export async function customerQuestionnaire(ctx: Ctx, id: string): Promise<Questionnaire | null> {
  const cached = await fillDb().questionnaires.get(id)
  if (cached) return cached
  const list = await customerQuestionnaires(ctx)
  return list.find((q) => q.id === id) ?? null
}

/** Sends the submission, or keeps it for later when there is no connection. Returns true when sent. */
export async function submitAsCustomer(
  ctx: Ctx & { customerId: string },
  s: { id: string; questionnaireId: string; answers: Answer[] },
): Promise<boolean> {
  const salonId = await salonOf(ctx)
  const url = `/organisations/${ctx.orgId}/salons/${salonId}/questionnaireSubmissions`
  const body = { ...s, customerId: ctx.customerId, takenBy: 'customer' }
  await fillDb().queued.put({ id: s.id, url, body, customerId: ctx.customerId, createdAt: new Date().toISOString() })
  return flushQueued(ctx.token)
}

/** Sends waiting submissions; stops at the first network failure. True when nothing is left. */
export async function flushQueued(token: string): Promise<boolean> {
  for (const q of await fillDb().queued.toArray()) {
    try {
      await api(q.url, { method: 'POST', body: q.body, token })
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) return false
      // Refused for good (e.g. the questionnaire was removed): retrying cannot help.
      console.warn('submission refused', e)
    }
    await fillDb().queued.delete(q.id)
  }
  return true
}

/** Uploads a photo for an image question; answers the storage path. */
export async function uploadImage(orgId: string, token: string, file: File): Promise<string> {
  const form = new FormData()
  form.append('file', file)
  const res = await fetch(`${API_BASE}/organisations/${orgId}/upload/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (!res.ok) throw new Error(`upload failed: ${res.status}`)
  return ((await res.json()) as { path: string }).path
}
