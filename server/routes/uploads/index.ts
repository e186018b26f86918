import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ZImageCategory, ZUploadedFile } from '../../../contract/questionnaires'
import { requirePrincipal } from '../../auth/guards'
import { iconCatalogue } from '../../integrations/storage'
import { AppError, invalidFile, validationError } from '../../errors'
import { can } from '../../scope'
import { requireActor } from '../../services/questionnaires'
import { MAX_IMAGE_BYTES, saveImage } from '../../services/uploads'
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

/**
 * POST /organisations/{org}/upload/images (multipart, one file): question images by staff who
 * build or take questionnaires, and image answers by customers filling one.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } })
  const orgUploads = usageLimit(app, USAGE_LIMITS.uploadsPerOrganisation)
  const customerUploads = usageLimit(app, USAGE_LIMITS.uploadsPerCustomer)

  // The icon catalogue for question icons (any signed-in user: the tablet shows them too).
  app.get(
    '/images/categories',
    { schema: { tags: ['uploads'], response: { 200: z.array(ZImageCategory) } } },
    async (req) => {
      requirePrincipal(req)
      return iconCatalogue()
    },
  )

  app.post(
    '/organisations/:org/upload/images',
    {
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        params: z.object({ org: z.string().max(100) }),
        response: { 201: ZUploadedFile },
      },
    },
    async (req, reply) => {
      const actor = await requireActor(req, req.params.org)
      const perms = ['manageQuestionnaires', 'readQuestionnaires', 'manageCustomers'] as const
      if (actor.kind === 'employee' && !perms.some((p) => can(actor.scope, p)))
        throw new AppError('FORBIDDEN', { permission: perms[0] })
      // Issue 7 #13: stored files are bounded per customer and per organisation (429, translated).
      if (actor.kind === 'customer') await customerUploads(req, `upload:${actor.organisationId}:${actor.customerId}`)
      await orgUploads(req, `uploads:${actor.organisationId}`)
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
      let bytes: Buffer
      try {
        bytes = await file.toBuffer()
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('upload.imageSize')
        return malformed(err)
      }
      const saved = await saveImage({
        dataDir: app.config.dataDir,
        organisationId: actor.organisationId,
        bytes,
        id: id?.data,
      })
      return reply.code(201).send(saved)
    },
  )
}
export default routes
