import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import type { Config } from '../../../server/config'

/** One request the WhatsApp Cloud API received: its path, bearer header and JSON body. */
export type WhatsAppRequest = {
  path: string
  auth: string | undefined
  body: { to: string; type: string; text: { body: string } }
}

/**
 * A local stand-in for the WhatsApp Cloud API for one test file (closed after its tests). It
 * records every message it accepts; `failNext(n)` answers the next n requests with a 500 (retried),
 * `refuseNext(n)` with a 400 (the provider refuses the message: not retried, its credits come back).
 *
 *   const whatsapp = await startWhatsAppPeer()
 *   const app = await buildTestApp(whatsapp.config)
 *   …
 *   expect((await whatsapp.waitFor((m) => m.to === '31612345678')).text).toContain('/advice')
 */
export async function startWhatsAppPeer() {
  const requests: WhatsAppRequest[] = []
  let toFail = 0
  let toRefuse = 0
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (toRefuse > 0) {
      toRefuse--
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"error":{"code":131026,"message":"Message undeliverable"}}')
      return
    }
    if (toFail > 0) {
      toFail--
      res.writeHead(500).end('{"error":"temporary"}')
      return
    }
    requests.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) })
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"messages":[{"id":"wamid.1"}]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const port = (server.address() as AddressInfo).port

  /** Each accepted message as recipient and text. */
  const messages = () => requests.map((r) => ({ to: r.body.to, text: r.body.text.body }))

  /** Polls until a message matching `match` arrived (undefined after `timeoutMs`). */
  async function waitFor(match: (m: { to: string; text: string }) => boolean, timeoutMs = 5000) {
    const until = Date.now() + timeoutMs
    for (;;) {
      const found = messages().find(match)
      if (found || Date.now() > until) return found
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  return {
    /** The app's settings that point it at this peer (pass to buildTestApp). */
    config: {
      whatsappApiUrl: `http://127.0.0.1:${port}/v19.0`,
      whatsappToken: 'test-token',
      whatsappPhoneNumberId: '1234567',
    } satisfies Partial<Config>,
    requests,
    messages,
    waitFor,
    failNext: (n: number) => {
      toFail = n
    },
    refuseNext: (n: number) => {
      toRefuse = n
    },
  }
}
