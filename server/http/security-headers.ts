import type { FastifyInstance } from 'fastify'

/*
 * Security headers on every answer: the app, the API, stored files (issue 7 #10).
 *
 * The Content-Security-Policy allows what the built app needs and nothing more:
 * - scripts, styles, fonts, the manifest, the service worker and the sync worker from this origin
 *   (Sentry's session replay compresses in a worker it starts from a blob: URL);
 * - images from this origin (stored files, the icon catalogue), data: (inline SVG in CSS) and
 *   blob: (a photo answer shown before it is uploaded); never another site, so an image cannot be
 *   a tracking pixel;
 * - API calls to this origin, plus the Sentry ingest address when SENTRY_DSN is set;
 * - the YouTube (nocookie) and Vimeo players of question videos as the only frames;
 * - frame-ancestors 'none': no other site can frame the app (staff area clickjacking).
 * The API reference (/api/docs) and the dev mailbox page carry inline styles and scripts of
 * their own: they get the same policy with inline allowed, still unframeable.
 */
export const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com']

/** The Sentry DSN's origin (https://<key>@o1.ingest.sentry.io/2 → https://o1.ingest.sentry.io). */
export function sentryOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null
  try {
    const u = new URL(dsn)
    return /^https?:$/.test(u.protocol) ? u.origin : null
  } catch {
    return null
  }
}

export function contentSecurityPolicy(opts: { sentryDsn?: string; inline?: boolean }): string {
  const sentry = sentryOrigin(opts.sentryDsn)
  const inline = opts.inline ? " 'unsafe-inline'" : ''
  return [
    "default-src 'self'",
    `script-src 'self'${inline}`,
    `style-src 'self'${inline}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sentry ? ` ${sentry}` : ''}`,
    `frame-src ${VIDEO_FRAMES.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Registered from server/app.ts: one hook that sets the headers before any route answers. */
export function securityHeaders(app: FastifyInstance, opts: { sentryDsn?: string }) {
  const strict = contentSecurityPolicy(opts)
  const relaxed = contentSecurityPolicy({ ...opts, inline: true })
  app.addHook('onRequest', async (req, reply) => {
    const pages = req.url.startsWith('/api/docs') || req.url.startsWith('/dev/')
    reply.header('content-security-policy', pages ? relaxed : strict)
    reply.header('x-content-type-options', 'nosniff')
    // Links inside the app carry codes (questionnaire shortcuts): other sites get the origin only.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    // Older browsers without frame-ancestors.
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
  })
}
