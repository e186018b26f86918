import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * The dev mailbox shows login codes and reset links, so it answers only requests from this
 * machine (a local user), even when DEV_MAILBOX is left on by mistake; anyone else gets 404.
 */
export function assertLocalRequest(req: FastifyRequest): void {
  if (!LOOPBACK.test(req.ip)) throw new AppError('ROUTE_NOT_FOUND')
}
