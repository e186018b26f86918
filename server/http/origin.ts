import type { FastifyRequest } from 'fastify'

/** Where a customer's answer came from (consent evidence, issue 12): the file store, IP and browser. */
export const requestOrigin = (req: FastifyRequest) => ({
  storage: req.server.storage,
  ipAddress: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
})
