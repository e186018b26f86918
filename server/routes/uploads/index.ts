import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API } from '../../../contract/endpoints'
import type { FastifyRequest } from 'fastify'
import { handle } from '../../http/handle'
import { iconCatalogue } from '../../integrations/storage'
import { AppError, invalidFile, validationError } from '../../errors'
import { MAX_AUDIO_BYTES } from '../../../contract/endpoints/uploads'
import { MAX_IMAGE_BYTES, uploadImage } from '../../services/uploads'
import { uploadAudio } from '../../services/advice/audio'
import { uploadPdf } from '../../services/uploads/pdf'
import { uploadGlobalAudio, uploadGlobalImage, uploadGlobalPdf } from '../../services/uploads/global'
import { PDF_MAX_BYTES } from '../../../contract/documents'
import { USAGE_LIMITS, usageLimit } from '../usage-limits'

const invalid = invalidFile

/**
 * The multipart parser's own failures (no boundary, a body cut short, a broken part header) are
 * the client's: a 400 with a stable code, not a 500 with the parser's text.
 */
function malformed(err: unknown): never {
  if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err
  throw new AppError('VALIDATION_FAILED')
}

/** The one file of a multipart upload, with the client's optional id field before it. */
async function readImage(req: FastifyRequest): Promise<{ bytes: Buffer; id?: string }> {
  if (!req.isMultipart()) throw invalid('upload.imageType')
  const file = await req.file().catch(malformed)
  if (!file) throw invalid('upload.imageType')
  // Optional client id (a multipart field before the file): makes a retried upload idempotent.
  const idField = file.fields.id
  const rawId = idField && !Array.isArray(idField) && idField.type === 'field' ? idField.value : undefined
  const id = rawId === undefined ? undefined : z.string().uuid().safeParse(rawId)
  if (id && !id.success)
    throw validationError([
      { path: 'id', code: 'invalid_format', params: { format: 'uuid' }, message: 'Must be a UUID.' },
    ])
  try {
    return { bytes: await file.toBuffer(), id: id?.data }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('upload.imageSize')
    return malformed(err)
  }
}

/** A multipart text field sent before the file, if any. */
function fieldValue(fields: Record<string, unknown>, name: string): string | undefined {
  const f = fields[name] as { type?: string; value?: unknown } | undefined
  return f && !Array.isArray(f) && f.type === 'field' && typeof f.value === 'string' ? f.value : undefined
}

/**
 * A Grow module's audio: the one file with the client's optional id and duration before it. The
 * part's own size limit is the audio limit (the plugin's default is the image limit).
 */
async function readAudio(req: FastifyRequest): Promise<{ bytes: Buffer; id?: string; durationSeconds?: number }> {
  if (!req.isMultipart()) throw invalid('upload.audioType')
  const file = await req.file({ limits: { fileSize: MAX_AUDIO_BYTES, files: 1, fields: 5, parts: 7 } }).catch(malformed)
  if (!file) throw invalid('upload.audioType')
  const rawId = fieldValue(file.fields, 'id')
  const id = rawId === undefined ? undefined : z.string().uuid().safeParse(rawId)
  if (id && !id.success)
    throw validationError([
      { path: 'id', code: 'invalid_format', params: { format: 'uuid' }, message: 'Must be a UUID.' },
    ])
  const rawDuration = fieldValue(file.fields, 'durationSeconds')
  const duration = rawDuration === undefined || rawDuration === '' ? undefined : Number(rawDuration)
  try {
    const bytes = await file.toBuffer()
    return { bytes, id: id?.data, durationSeconds: Number.isFinite(duration) ? duration : undefined }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('upload.audioSize')
    return malformed(err)
  }
}

/**
 * A PDF information document (issue 12): the one file with the client's optional id before it.
 * The part's own size limit is the PDF limit; one byte more is read so "too large" is told apart.
 */
async function readPdf(req: FastifyRequest): Promise<{ bytes: Buffer; filename?: string; id?: string }> {
  if (!req.isMultipart()) throw invalid('documentForm.pdfType')
  const file = await req.file({ limits: { fileSize: PDF_MAX_BYTES, files: 1, fields: 5, parts: 6 } }).catch(malformed)
  if (!file) throw invalid('documentForm.pdfType')
  const rawId = fieldValue(file.fields, 'id')
  const id = rawId === undefined ? undefined : z.string().uuid().safeParse(rawId)
  if (id && !id.success)
    throw validationError([
      { path: 'id', code: 'invalid_format', params: { format: 'uuid' }, message: 'Must be a UUID.' },
    ])
  try {
    return { bytes: await file.toBuffer(), filename: file.filename, id: id?.data }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('documentForm.pdfSize')
    return malformed(err)
  }
}

/**
 * POST /organisations/{org}/upload/images (multipart, one file): question images by staff who
 * build or take questionnaires, and image answers by customers filling one; a Grow module's audio
 * and a PDF information document. Every file counts against the organisation's upload budget.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } })
  const orgUploads = usageLimit(app, USAGE_LIMITS.uploadsPerOrganisation)
  const customerUploads = usageLimit(app, USAGE_LIMITS.uploadsPerCustomer)

  // The icon catalogue for question icons (any signed-in user: the tablet shows them too).
  handle(app, API.uploads.imageCategories, () => iconCatalogue())
  handle(app, API.uploads.image, ({ caller, storage, req }) =>
    uploadImage({
      caller,
      storage,
      count: (limit, key) => (limit === 'perCustomer' ? customerUploads : orgUploads)(req, key),
      read: () => readImage(req),
    }),
  )
  // A Grow module's spoken advice (MP3).
  handle(app, API.uploads.audio, ({ caller, storage, req }) =>
    uploadAudio({ caller, storage, count: (key) => orgUploads(req, key), read: () => readAudio(req) }),
  )
  // A PDF information document (issue 12).
  handle(app, API.uploads.pdf, ({ caller, storage, req }) =>
    uploadPdf({ caller, storage, count: (key) => orgUploads(req, key), read: () => readPdf(req) }),
  )
  // The platform's files for user manuals and paid courses (issue 24), read by the same parts.
  handle(app, API.globalUploads.image, ({ caller, storage, req }) =>
    uploadGlobalImage({ caller, storage, count: (key) => orgUploads(req, key), read: () => readImage(req) }),
  )
  handle(app, API.globalUploads.audio, ({ caller, storage, req }) =>
    uploadGlobalAudio({ caller, storage, count: (key) => orgUploads(req, key), read: () => readAudio(req) }),
  )
  handle(app, API.globalUploads.pdf, ({ caller, storage, req }) =>
    uploadGlobalPdf({ caller, storage, count: (key) => orgUploads(req, key), read: () => readPdf(req) }),
  )
}
export default routes
