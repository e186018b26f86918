import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Config } from '../../../server/config'
import { listenForFile } from './listen'

/** One request VIES received: its path and JSON body. */
export type ViesRequest = {
  path: string
  body: { countryCode: string; vatNumber: string; requesterMemberStateCode?: string; requesterNumber?: string }
}

/** How the peer answers a number: a verdict, a VIES error (MS_UNAVAILABLE…), no answer, or a broken one. */
export type ViesBehaviour =
  | { kind: 'valid'; name?: string; address?: string }
  | { kind: 'invalid' }
  | { kind: 'error'; error: string; status?: number }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'status'; status: number }

/**
 * A local stand-in for the EU's VIES REST API (POST /check-vat-number) for one test file, closed
 * after its tests. Numbers are answered as `answer(countryCode + vatNumber, behaviour)` set them;
 * any other number is invalid. A valid answer carries a request identifier only when the
 * requester fields were sent, as VIES does.
 *
 *   const vies = await startViesPeer()
 *   vies.answer('DE123456789', { kind: 'valid', name: 'Salon GmbH' })
 *   const check = createVatCheck(vies.config)
 */
export async function startViesPeer() {
  const requests: ViesRequest[] = []
  const behaviours = new Map<string, ViesBehaviour>()
  const hanging = new Set<ServerResponse>()
  let consultation = 0

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (req.method !== 'POST' || req.url !== '/rest-api/check-vat-number') {
      json(res, 404, { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] })
      return
    }
    const body = JSON.parse(raw) as ViesRequest['body']
    requests.push({ path: req.url, body })
    const b = behaviours.get(`${body.countryCode}${body.vatNumber}`) ?? { kind: 'invalid' }
    const requestDate = new Date().toISOString()
    const base = { countryCode: body.countryCode, vatNumber: body.vatNumber, requestDate }
    const requestIdentifier = body.requesterNumber ? `WAPIAAAA${String(++consultation).padStart(8, '0')}` : ''
    switch (b.kind) {
      case 'valid':
        json(res, 200, {
          ...base,
          valid: true,
          requestIdentifier,
          name: b.name ?? '---',
          address: b.address ?? '---',
          traderName: '---',
        })
        return
      case 'invalid':
        json(res, 200, { ...base, valid: false, requestIdentifier, name: '---', address: '---' })
        return
      case 'error':
        json(res, b.status ?? 200, {
          actionSucceed: false,
          errorWrappers: [{ error: b.error, message: `VIES says ${b.error}` }],
        })
        return
      case 'hang':
        hanging.add(res)
        return
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"valid": tru')
        return
      case 'status':
        res.writeHead(b.status, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>')
        return
    }
  })
  const port = await listenForFile(server, hanging)

  return {
    /** The app's settings that point it at this peer (pass to buildTestApp or createVatCheck). */
    config: {
      vatCheckUrl: `http://127.0.0.1:${port}/rest-api`,
      vatRequesterNumber: 'NL000099998B57',
    } satisfies Partial<Config>,
    requests,
    /** How the peer answers one number, written with its VIES country code ("DE123456789", "EL123456789"). */
    answer(number: string, behaviour: ViesBehaviour) {
      behaviours.set(number, behaviour)
    },
  }
}
