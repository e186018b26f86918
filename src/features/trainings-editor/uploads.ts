import type { DocumentPdf } from '../../../contract/documents'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import type { AudioTarget } from '../advice/audio/audio-api'
import { audioDraftKey } from '../advice/audio/draft-db'
import { uploadPdf } from '../documents/admin/documents-api'
import type { EditorScope } from './scope'

/*
 * Where an editor's files go (issue 24): Blueprint's to the organisation (`/organisations/{org}/
 * upload/…`, a recording's draft kept per branch), the manuals' and paid courses' to the platform
 * (`/upload/audio`, `/upload/pdf` as the global admin; one draft for the platform editors).
 */
export const PLATFORM_DRAFT_KEY = 'platform'

export function audioTargetOf(scope: EditorScope): { target: AudioTarget; draftKey: string } {
  const u = scope.uploads
  return u === 'platform'
    ? { target: 'platform', draftKey: PLATFORM_DRAFT_KEY }
    : { target: { org: u.orgId }, draftKey: audioDraftKey(u.orgId, u.salonId) }
}

/** POST /upload/pdf as the global admin (the platform's PDF segments). */
export function uploadPlatformPdf(file: File): Promise<DocumentPdf> {
  const form = new FormData()
  form.append('file', file, file.name)
  return apiCall(API.globalUploads.pdf, { as: 'globalAdmin', body: form })
}

/** The PDF upload of the editor's place (the organisation's goes through the documents' call). */
export const pdfUploadOf = (scope: EditorScope) => (scope.uploads === 'platform' ? uploadPlatformPdf : uploadPdf)
