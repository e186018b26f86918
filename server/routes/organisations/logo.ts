import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { AppError, invalidFile } from '../../errors'
import { handle } from '../../http/handle'
import { removeLogo, setLogo } from '../../services/organisations/logo'
import { MAX_IMAGE_BYTES } from '../../services/uploads'

/** The one file of the multipart body; the parser's own failures are the client's (400). */
async function readLogo(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalidFile('upload.imageType')
  const file = await req.file().catch((err: unknown) => {
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err
    throw new AppError('VALIDATION_FAILED')
  })
  if (!file) throw invalidFile('upload.imageType')
  try {
    return await file.toBuffer()
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalidFile('upload.imageSize')
    throw new AppError('VALIDATION_FAILED')
  }
}

/** The salon's logo (ownOrganisation): replace with an uploaded image, or remove. */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, parts: 3 } })
  handle(app, API.organisations.uploadLogo, ({ caller, db, storage, req }) =>
    setLogo({ db, caller, storage, read: () => readLogo(req) }),
  )
  handle(app, API.organisations.removeLogo, ({ caller, db }) => removeLogo({ db, caller }))
}
export default routes
