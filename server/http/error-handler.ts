import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isPermanentDataError } from '../db/errors'
import { AppError } from '../errors'
import { fromFastifyValidation } from '../lib/field-errors'

/**
 * The app's one error handler: every error leaves as `{ code, message, details? }` from the
 * catalogue (contract/errors.ts), never a library's own text or internals.
 */
export function handleError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return reply.code(err.status).send(err.toBody())
  if (hasZodFastifySchemaValidationErrors(err))
    return reply
      .code(400)
      .send(new AppError('VALIDATION_FAILED', { fields: fromFastifyValidation(err.validation) }).toBody())
  if (isPermanentDataError(err)) {
    // Input the checks before it let through and the database refused (a value out of range,
    // a constraint): the same request fails again, so it is the caller's 400, not a 500.
    req.log.warn({ err }, 'database refused the data')
    return reply.code(400).send(new AppError('VALIDATION_FAILED').toBody())
  }
  const status = err.statusCode
  if (status === 429) return reply.code(429).send(new AppError('TOO_MANY_REQUESTS').toBody())
  if (status === 404) return reply.code(404).send(new AppError('ROUTE_NOT_FOUND').toBody())
  // A content type no route reads (text/plain, XML): said as such, not as invalid input.
  if (status === 415) return reply.code(415).send(new AppError('UNSUPPORTED_MEDIA_TYPE').toBody())
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, a body too large or cut short: said with a stable
    // code; the parser's text stays in the log.
    req.log.info({ err }, 'malformed request')
    return reply.code(status).send(new AppError('VALIDATION_FAILED').toBody())
  }
  req.log.error({ err }, 'unhandled error')
  return reply.code(500).send(new AppError('INTERNAL').toBody())
}

/** Errors the router raises before any route runs (a URL with broken percent-encoding). */
export function handleFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.log.info({ err }, 'malformed request')
  return reply.code(400).send(new AppError('VALIDATION_FAILED').toBody())
}
