import type { Answer, Questionnaire } from '../../../contract/questionnaires'
import { API, ApiError } from '../../api/client'
import { apiCall } from '../../api/transport'
import { submitQuestionnaire } from '../../local-db/submission-mutations'
import { type CustomerSync, customerSalonId } from './customer-replica'

/*
 * The customer area reads questionnaires online and keeps the ones it saw in the customer's
 * local database, so filling continues offline. Submissions go into that database's outbox and
 * the sync worker pushes them, exactly like staff changes (idempotent by the client's id).
 */

const cached = async (c: CustomerSync) =>
  (await c.db.questionnaires.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'nl'))

/** The open customer questionnaires; offline, the ones seen before. */
export async function customerQuestionnaires(c: CustomerSync): Promise<Questionnaire[]> {
  try {
    const salonId = c.salonId ?? (await customerSalonId(c))
    if (!salonId) return cached(c)
    const rows = await apiCall(API.questionnaires.list, { params: { org: c.orgId, salon: salonId }, as: 'customer' })
    const open = rows.filter((q) => q.kind === 'customerQuestionnaire' && !q.hidden)
    await c.db.transaction('rw', c.db.questionnaires, async () => {
      await c.db.questionnaires.clear()
      await c.db.questionnaires.bulkPut(open)
    })
    return open
  } catch (e) {
    if (e instanceof ApiError && e.isNetwork) return cached(c)
    throw e
  }
}

/**
 * One questionnaire as it is now (staff may have changed it since a refused submission), or the
 * stored copy without a connection (an offline reload continues filling).
 */
export async function customerQuestionnaire(c: CustomerSync, id: string): Promise<Questionnaire | null> {
  const list = await customerQuestionnaires(c)
  return list.find((q) => q.id === id) ?? null
}

/** Queues the submission in the customer's outbox (the sync worker sends it, now or on reconnect). */
export async function submitAsCustomer(
  c: CustomerSync,
  s: { id: string; questionnaireId: string; answers: Answer[] },
): Promise<string> {
  const salonId = c.salonId ?? (await customerSalonId(c))
  if (!salonId) throw new ApiError(0, 'NETWORK', 'No connection')
  return submitQuestionnaire(c.db, { ...s, salonId, customerId: c.customerId, takenBy: 'customer' })
}
