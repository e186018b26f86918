import type { Caller } from '../../../contract/policy'
import { authorize } from '../../auth/caller'
import type { FileStore } from '../../integrations/storage'
import { GLOBAL_FOLDER } from '../../integrations/storage/access'
import { saveAudio } from '../advice/audio'
import { saveImage } from './index'
import { savePdf } from './pdf'

type GlobalUpload<F> = {
  caller: Caller
  storage: FileStore
  /** Counts one upload against the admin's budget; throws (429) when spent. */
  count: (key: string) => Promise<void>
  read: () => Promise<F>
}

/*
 * POST /upload/images, /upload/audio, /upload/pdf: the same checks by the file's own bytes as the
 * organisations' uploads (a script renamed .mp3 is refused), stored under `global/<kind>/`. The
 * caller is checked and the upload counted before the body is read.
 */
async function begin(opts: GlobalUpload<unknown>) {
  authorize(opts.caller, 'platform.manage')
  const admin = opts.caller.kind === 'globalAdmin' ? opts.caller.adminId : 'unknown'
  await opts.count(`uploads:${GLOBAL_FOLDER}:${admin}`)
}

export async function uploadGlobalImage(opts: GlobalUpload<{ bytes: Buffer; id?: string }>) {
  await begin(opts)
  return saveImage({ storage: opts.storage, organisationId: GLOBAL_FOLDER, ...(await opts.read()) })
}

export async function uploadGlobalAudio(opts: GlobalUpload<{ bytes: Buffer; id?: string; durationSeconds?: number }>) {
  await begin(opts)
  return saveAudio({ storage: opts.storage, organisationId: GLOBAL_FOLDER, ...(await opts.read()) })
}

export async function uploadGlobalPdf(opts: GlobalUpload<{ bytes: Buffer; filename?: string; id?: string }>) {
  await begin(opts)
  return savePdf({ storage: opts.storage, organisationId: GLOBAL_FOLDER, ...(await opts.read()) })
}
