import type { z } from 'zod'
import type {
  CreateQuestionnaire,
  Questionnaire,
  ZImageCategory,
  ZUploadedFile,
} from '../../../contract/questionnaires'
import { API_BASE, ApiError, api } from '../../api/client'
import { getSession } from '../auth/session'
import type { Replica } from '../sync/replica-context'

/*
 * Editing questionnaires is online-only (the whole questionnaire is one row the server checks as
 * a whole); the saved answer goes into the replica at once so the list and the tablet see it.
 */

const token = () => getSession('employee')?.token ?? null
const base = (r: Replica) => `/organisations/${r.orgId}/salons/${r.salonId}/questionnaires`

export async function saveQuestionnaire(
  replica: Replica,
  id: string | null,
  body: CreateQuestionnaire,
): Promise<Questionnaire> {
  const saved = id
    ? await api<Questionnaire>(`${base(replica)}/${id}`, { method: 'PUT', body, token: token() })
    : await api<Questionnaire>(base(replica), { method: 'POST', body, token: token() })
  await replica.db.questionnaires.put(saved)
  return saved
}

export type IconCategory = z.infer<typeof ZImageCategory>
export const fetchIconCatalogue = () => api<IconCategory[]>('/images/categories', { token: token() })

/** Multipart upload (field `file`); the server checks type and size and names the field on refusal. */
export async function uploadQuestionImage(orgId: string, file: File): Promise<z.infer<typeof ZUploadedFile>> {
  const form = new FormData()
  form.append('file', file)
  let res: Response
  try {
    res = await fetch(`${API_BASE}/organisations/${orgId}/upload/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token()}` },
      body: form,
    })
  } catch {
    throw new ApiError(0, 'NETWORK', 'No connection')
  }
  const data = await res.json().catch(() => ({}))
  if (!res.ok) throw new ApiError(res.status, data.code ?? `HTTP_${res.status}`, data.message ?? '', data.details)
  return data
}

/** Downloads the submissions CSV with the staff token (a plain link could not send it). */
export async function downloadExport(replica: Replica, q: { id: string; name: string }): Promise<void> {
  let res: Response
  try {
    res = await fetch(`${API_BASE}${base(replica)}/${q.id}/export`, { headers: { authorization: `Bearer ${token()}` } })
  } catch {
    throw new ApiError(0, 'NETWORK', 'No connection')
  }
  if (!res.ok) {
    const data = await res.json().catch(() => ({}))
    throw new ApiError(res.status, data.code ?? `HTTP_${res.status}`, data.message ?? '')
  }
  const disposition = res.headers.get('content-disposition') ?? ''
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/)
  const plain = disposition.match(/filename="([^"]+)"/)
  const filename = star ? decodeURIComponent(star[1]) : (plain?.[1] ?? `${q.name}.csv`)
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
