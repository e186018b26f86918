import type { FastifyPluginAsync } from 'fastify'
import { assertLocalRequest } from './local-only'
import { listMailbox } from './mailbox'

const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/**
 * The human dev mailbox at /dev/mailbox (outside /api): a plain server-rendered list of the
 * stored e-mails, newest first. A developer tool, never enabled with SMTP, so not translated.
 * Not an endpoint (an HTML page outside /api, no definition in contract/endpoints), hence a plain
 * `app.get` rather than `handle`.
 */
const page: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { to?: string } }>('/dev/mailbox', { schema: { hide: true } }, async (req, reply) => {
    assertLocalRequest(req)
    const to = typeof req.query.to === 'string' ? req.query.to.slice(0, 254) : undefined
    const messages = await listMailbox(app.db, to)
    const items = messages
      .map(
        (m) =>
          `<article><header><strong>${esc(m.subject)}</strong><br><small>to ${esc(m.to)} · ${esc(m.createdAt)}</small></header><pre>${esc(m.text)}</pre></article>`,
      )
      .join('')
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}small{color:#666}</style></head>
<body><h1>Dev mailbox</h1><form><input name="to" type="email" placeholder="filter by recipient" value="${esc(to ?? '')}"> <button>Filter</button> <a href="/dev/mailbox">all</a></form>
${items || '<p>No messages yet.</p>'}</body></html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}
export default page
