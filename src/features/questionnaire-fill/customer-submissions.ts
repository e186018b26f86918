import { useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import type { Questionnaire, Submission } from '../../../contract/questionnaires'
import { API, ApiError } from '../../api/client'
import { endpointKey } from '../../api/query'
import { apiCall } from '../../api/transport'
import { putServerSubmissions } from '../../local-db/entities/questionnaire-submission'
import type { LocalSubmission } from '../../local-db/types'
import { type CustomerSync, customerSalonId } from './customer-replica'

/*
 * The customer's submitted questionnaires: read from the server when online and kept in the
 * customer's local database (the server copy + their unsent edits replayed on top, like staff's
 * replica), so the list and the answers show offline too.
 */

export type SubmittedQuestionnaires = Record<string, Questionnaire>

/** Fetches the customer's submissions and the questionnaires they answer; false without a connection. */
export async function refreshCustomerSubmissions(c: CustomerSync): Promise<boolean> {
  try {
    const salonId = c.salonId ?? (await customerSalonId(c))
    if (!salonId) return false
    const params = { org: c.orgId, salon: salonId }
    const [list, open] = await Promise.all([
      apiCall(API.submissions.list, { params, query: { customerId: c.customerId, pageSize: 200 }, as: 'customer' }),
      apiCall(API.questionnaires.list, { params, as: 'customer' }),
    ])
    const byId: SubmittedQuestionnaires = Object.fromEntries(open.map((q) => [q.id, q]))
    // A questionnaire hidden since is left out of the list but still opens by id.
    const missing = [...new Set(list.items.map((s) => s.questionnaireId))].filter((id) => !byId[id])
    for (const id of missing) {
      const q = await apiCall(API.questionnaires.get, { params: { ...params, id }, as: 'customer' }).catch(() => null)
      if (q) byId[q.id] = q
    }
    const used = Object.fromEntries(
      list.items.filter((s) => byId[s.questionnaireId]).map((s) => [s.questionnaireId, byId[s.questionnaireId]]),
    )
    const rows: Submission[] = list.items.map(({ customerName: _c, questionnaireName: _q, ...s }) => s)
    const { db } = c
    await db.transaction('rw', [db.submissions, db.serverSubmissions, db.outbox, db.meta], async () => {
      await putServerSubmissions(db, rows)
      await db.setMeta('submittedQuestionnaires', used)
    })
    return true
  } catch (e) {
    if (e instanceof ApiError && e.isNetwork) return false
    throw e
  }
}

export type CustomerSubmissions = {
  /** Newest first; undefined while the local database is read. */
  rows: LocalSubmission[] | undefined
  questionnaires: SubmittedQuestionnaires
  /** The server could not be asked (offline): what shows is the copy kept on this device. */
  offline: boolean
  failed: boolean
}

/** The customer's submissions, live from their local database, refreshed from the server once. */
export function useCustomerSubmissions(sync: CustomerSync): CustomerSubmissions {
  const { db } = sync
  // Asked once per database and again once the branch is known; the answer lands in the local
  // database (read live below), the query only says whether the server could be asked.
  const refresh = useQuery({
    queryKey: [endpointKey(API.submissions.list), { db: db.name, salonId: sync.salonId }],
    queryFn: () => refreshCustomerSubmissions(sync),
    retry: false,
    // Not again on reconnect: the outbox pushes first, and its refusals must not race the server copy.
    refetchOnReconnect: false,
  })
  const state = { offline: refresh.data === false, failed: refresh.isError }
  const data = useLiveQuery(async () => {
    const rows = (await db.submissions.where('customerId').equals(sync.customerId).toArray()).sort((a, b) =>
      b.submittedAt.localeCompare(a.submittedAt),
    )
    const questionnaires = (await db.getMeta<SubmittedQuestionnaires>('submittedQuestionnaires')) ?? {}
    // Submissions made on this device and not yet sent name a questionnaire the open list holds.
    for (const s of rows)
      if (!questionnaires[s.questionnaireId]) {
        const q = await db.questionnaires.get(s.questionnaireId)
        if (q) questionnaires[q.id] = q as Questionnaire
      }
    return { rows, questionnaires }
  }, [db, sync.customerId])
  return { rows: data?.rows, questionnaires: data?.questionnaires ?? {}, ...state }
}
