import type { z } from 'zod'
import type { CreateQuestionnaire, Questionnaire, ZImageCategory } from '../../../contract/questionnaires'
import { API } from '../../api/client'
import { apiCall, apiDownload } from '../../api/transport'
import type { Replica } from '../sync/replica-context'
import { fileNameOf, saveFile } from '../../ui/save-file'

/*
 * Editing questionnaires is online-only (the whole questionnaire is one row the server checks as
 * a whole); the saved answer goes into the replica at once so the list and the tablet see it.
 */

const at = (r: Replica) => ({ org: r.orgId, salon: r.salonId })

export async function saveQuestionnaire(
  replica: Replica,
  id: string | null,
  body: CreateQuestionnaire,
): Promise<Questionnaire> {
  const saved = id
    ? await apiCall(API.questionnaires.update, { params: { ...at(replica), id }, body })
    : await apiCall(API.questionnaires.create, { params: at(replica), body })
  await replica.db.questionnaires.put(saved)
  return saved
}

export type IconCategory = z.infer<typeof ZImageCategory>
export const fetchIconCatalogue = () => apiCall(API.uploads.imageCategories)

/** Multipart upload (field `file`); the server checks type and size and names the field on refusal. */
export function uploadQuestionImage(orgId: string, file: File) {
  const form = new FormData()
  form.append('file', file)
  return apiCall(API.uploads.image, { params: { org: orgId }, body: form })
}

/** Downloads the submissions CSV with the staff token (a plain link could not send it). */
export async function downloadExport(replica: Replica, q: { id: string; name: string }): Promise<void> {
  const { blob, headers } = await apiDownload(API.questionnaires.export, {
    params: { ...at(replica), id: q.id },
  })
  saveFile(blob, fileNameOf(headers, `${q.name}.csv`))
}
