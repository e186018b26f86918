import type { FastifyInstance } from 'fastify'

/**
 * Mollie posts webhooks as `application/x-www-form-urlencoded` (`id=tr_…`), and the local
 * checkout page posts a plain HTML form (no script: the CSP allows none there). Registered in the
 * plugins that need it only, so every other route keeps answering 415 to a form.
 */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
}
