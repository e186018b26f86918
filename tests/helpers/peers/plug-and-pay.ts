import { createServer, type ServerResponse } from 'node:http'
import type { Config } from '../../../server/config'
import { listenForFile } from './listen'

/** An order as Plug&Pay's API answers it (GET /v2/orders/{id}, research §5), the parts we read and a few more. */
export type PeerOrder = {
  id: number
  invoice_number?: string
  is_first?: boolean
  mode?: string
  amount?: string
  amount_with_tax?: string
  billing: {
    contact: {
      email: string | null
      firstname?: string | null
      lastname?: string | null
      company?: string | null
      telephone?: string | null
      vat_id_number?: string | null
      tax_exempt?: string | null
    }
    address?: { street?: string; street_suffix?: string; zipcode?: string; city?: string; country?: string } | null
  }
  items: { id: number; product_id: number; label: string; quantity: number; amount: string; type?: string }[]
  payment: { status: 'open' | 'processing' | 'paid' | 'credited' | 'credit_invoice' | 'reversed' }
}

/** How the peer answers an order id: the order, or a status of its own (404, 500), or no answer at all. */
export type OrderBehaviour = { kind: 'order'; order: PeerOrder } | { kind: 'status'; status: number } | { kind: 'hang' }

/**
 * A local stand-in for Plug&Pay's API for one test file, closed after its tests: answers
 * `GET /v2/orders/{id}` (bearer token checked) as `answer(id, …)` set it; an unknown id is 404,
 * as Plug&Pay answers one. Records every request.
 */
export async function startPlugAndPayPeer(opts: { token?: string } = {}) {
  const token = opts.token ?? 'pnp-test-token'
  const requests: { path: string; authorization?: string }[] = []
  const behaviours = new Map<string, OrderBehaviour>()
  const hanging = new Set<ServerResponse>()
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer')
    requests.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization })
    const m = /^\/v2\/orders\/([^/]+)$/.exec(url.pathname)
    if (req.method !== 'GET' || !m) return json(res, 404, { message: 'Not found' })
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { message: 'Unauthenticated.' })
    const b = behaviours.get(decodeURIComponent(m[1]))
    if (!b) return json(res, 404, { message: 'No query results for model [Order].' })
    if (b.kind === 'hang') return void hanging.add(res)
    if (b.kind === 'status') return json(res, b.status, { message: 'Server Error' })
    json(res, 200, { data: b.order })
  })
  const port = await listenForFile(server, hanging)

  return {
    /** The app's settings pointing at this peer, the webhook on (key, token and product 1001). */
    config: {
      plugAndPayApiUrl: `http://127.0.0.1:${port}`,
      plugAndPayApiToken: token,
      plugAndPayWebhookKey: 'pnp-webhook-key',
      plugAndPayKeyHeader: 'x-plugandpay-key',
      plugAndPayProductIds: ['1001'],
    } satisfies Partial<Config>,
    requests,
    answer(id: number | string, behaviour: OrderBehaviour) {
      behaviours.set(String(id), behaviour)
    },
  }
}
