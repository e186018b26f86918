import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors'

/*
 * Issue 21 #13: the one JSON body parser. A body is read as UTF-8 (RFC 8259: JSON exchanged
 * between systems is UTF-8) and nothing else:
 * - a `charset` other than UTF-8 is refused (415 UNSUPPORTED_MEDIA_TYPE) instead of being read
 *   as UTF-8 and stored garbled (`charset=utf-16` gave mojibake);
 * - bytes that are not valid UTF-8 are refused (400 INVALID_ENCODING) instead of being stored as
 *   replacement characters (U+FFFD) that nobody typed.
 * Both before validation and the handler, so a refused request changes nothing.
 */

const UTF8 = /^utf-?8$/i

/** The charset parameter of a Content-Type header, lower-cased and unquoted, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '')
  return match ? match[2].toLowerCase() : undefined
}

const decoder = new TextDecoder('utf-8', { fatal: true })

export function registerJsonBody(app: FastifyInstance) {
  // Fastify's own parser for the JSON itself: prototype poisoning refused, as before.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  // No route reads plain text: it is a 415 like any other type, not a string failing validation.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body, done) => {
    const charset = charsetOf(req.headers['content-type'])
    if (charset !== undefined && !UTF8.test(charset)) return done(new AppError('UNSUPPORTED_MEDIA_TYPE'), undefined)
    let text: string
    try {
      text = decoder.decode(body as Buffer)
    } catch {
      return done(new AppError('INVALID_ENCODING'), undefined)
    }
    parseJson(req, text, done)
  })
}
