import type { FastifyInstance, FastifyRequest } from 'fastify'
import { validationError } from '../errors'
import { findUnstorable } from '../lib/storable-input'

export { ANY } from '../lib/storable-input'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body subtrees this route checks itself (see findUnstorable's `skip`). */
    inputGuardSkip?: string[][]
  }
}

/**
 * Before validation, on every route: params, query and JSON body must hold only text the
 * database can store, nested no deeper than MAX_DEPTH (server/lib/storable-input.ts). Otherwise 400 VALIDATION_FAILED naming
 * the field (code `text_unstorable` / `too_deep`); nothing reaches a service or the database.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const skip = req.routeOptions.config?.inputGuardSkip ?? []
    const problem =
      findUnstorable(req.params) ??
      findUnstorable(req.query) ??
      (isJson(req) ? findUnstorable(req.body, [], skip) : null)
    if (problem) throw validationError([problem])
  })
}

/** Multipart and other bodies are not parsed into values here; their routes check what they read. */
const isJson = (req: FastifyRequest) => req.body !== undefined && !req.isMultipart?.()
