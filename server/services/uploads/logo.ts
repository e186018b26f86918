import { v4 as uuidv4 } from 'uuid'
import type { FileStore } from '../../integrations/storage'
import { imageExtension } from './index'

/**
 * Where an organisation's logo lives: `<org>/logo/<uuid>.<ext>`. The storage route serves this
 * folder to anyone (a logo is not secret: the sign-in page and e-mails show it before any
 * session), unlike the rest of `<org>/`, which needs the organisation's storage cookie.
 */
export const LOGO_FOLDER = 'logo'

/**
 * Stores an uploaded logo under a fresh name (so caches and e-mails never show a stale one) and
 * answers its storage key. Same rule as every image: the type by its bytes, at most 5 MB; an SVG
 * (which could carry script) is not among the accepted types.
 */
export async function saveLogo(opts: { storage: FileStore; organisationId: string; bytes: Buffer }): Promise<string> {
  const ext = imageExtension(opts.bytes)
  const key = `${opts.organisationId}/${LOGO_FOLDER}/${uuidv4()}.${ext}`
  await opts.storage.put(key, opts.bytes)
  return key
}
