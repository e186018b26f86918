import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/**
 * A real SMTP server on a random free port for one test file. It collects every message it
 * receives; `waitFor` polls until a matching one arrives.
 */
export async function startSmtpServer(opts: { failFirst?: number } = {}) {
  const messages: ReceivedMail[] = []
  let toFail = opts.failFirst ?? 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (toFail > 0) {
          toFail--
          const err = Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 })
          return callback(err)
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decode(Buffer.concat(chunks).toString('utf8')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  async function waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const found = messages.find(match)
      if (found) return found
      if (Date.now() > until) throw new Error('no matching mail arrived over SMTP')
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Undo quoted-printable soft breaks and escapes so tests can search the raw message text. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
}
