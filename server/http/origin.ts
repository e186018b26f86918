import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** Where a customer's answer came from (consent evidence, issue 12): the files' place, IP and browser. */
export const requestOrigin = (req: FastifyRequest, config: Config) => ({
  dataDir: config.dataDir,
  ipAddress: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
})
