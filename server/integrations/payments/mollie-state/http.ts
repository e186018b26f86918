import { z } from 'zod'
import { valueToCents } from '../money'
import { SEQUENCE_TYPES } from '../port'
import { MollieError } from './records'
import type { MollieState } from './state'

/**
 * Mollie's HTTP API (v2, test mode) over the in-memory state: the paths the payment port uses
 * (research §1.4). Transport-free: tests mount it behind nock, since the official client pins
 * Mollie's certificates and no local HTTPS server can answer it.
 */

export type MollieRequest = {
  method: string
  /** The path below the host, with the query: `/v2/payments/tr_x?embed=refunds`. */
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The JSON body as text or already parsed. */
  body?: unknown
}
export type MollieResponse = { status: number; body: unknown }

const ZAmount = z.object({ value: z.string().regex(/^\d+\.\d{2}$/), currency: z.string().length(3) })
const ZCreateCustomer = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  locale: z.string().nullish(),
  metadata: z.unknown().optional(),
})
const ZCreatePayment = z.object({
  amount: ZAmount,
  description: z.string(),
  redirectUrl: z.url().nullish(),
  webhookUrl: z.url().nullish(),
  metadata: z.unknown().optional(),
  sequenceType: z.enum(SEQUENCE_TYPES).optional(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
})
const ZCreateRefund = z.object({ amount: ZAmount, description: z.string().optional() })

/** The body as `schema` reads it, or Mollie's 422 naming the first bad field. */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {})
  if (result.success) return result.data
  const field = result.error.issues[0].path.join('.')
  throw new MollieError(422, `The ${field || 'request'} is invalid`, field || undefined)
}

function cents(amount: z.infer<typeof ZAmount>) {
  try {
    return valueToCents(amount.value)
  } catch {
    throw new MollieError(422, 'The amount is invalid', 'amount.value')
  }
}

type Route = [method: string, path: RegExp, run: (ids: string[], body: unknown) => MollieResponse]

export function createMollieHttp(state: MollieState) {
  const { json } = state
  const ok = (body: unknown, status = 200): MollieResponse => ({ status, body })
  const createPayment = (customerId: string | undefined, body: unknown) => {
    const input = parse(ZCreatePayment, body)
    const payment = state.createPayment({
      ...input,
      amountCents: cents(input.amount),
      currency: input.amount.currency,
      customerId: customerId ?? input.customerId,
    })
    return ok(json.payment(payment), 201)
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/v2\/customers$/,
      (_, body) => ok(json.customer(state.createCustomer(parse(ZCreateCustomer, body))), 201),
    ],
    ['GET', /^\/v2\/customers\/([^/]+)$/, ([id]) => ok(json.customer(state.getCustomer(id)))],
    ['POST', /^\/v2\/payments$/, (_, body) => createPayment(undefined, body)],
    ['POST', /^\/v2\/customers\/([^/]+)\/payments$/, ([id], body) => createPayment(state.getCustomer(id).id, body)],
    ['GET', /^\/v2\/payments\/([^/]+)$/, ([id]) => ok(json.payment(state.getPayment(id)))],
    [
      'GET',
      /^\/v2\/customers\/([^/]+)\/mandates$/,
      ([id]) => ok(json.list('mandates', state.listMandates(id).map(json.mandate), `/customers/${id}/mandates`)),
    ],
    [
      'GET',
      /^\/v2\/customers\/([^/]+)\/mandates\/([^/]+)$/,
      ([id, mdt]) => ok(json.mandate(state.getMandate(id, mdt))),
    ],
    [
      'POST',
      /^\/v2\/payments\/([^/]+)\/refunds$/,
      ([id], body) => {
        const input = parse(ZCreateRefund, body)
        const refund = state.createRefund(id, {
          ...input,
          amountCents: cents(input.amount),
          currency: input.amount.currency,
        })
        return ok(json.refund(refund), 201)
      },
    ],
  ]

  /** A POST answered before under the same Idempotency-Key gets that answer again (Mollie's replay). */
  const replays = new Map<string, MollieResponse>()

  function run(req: MollieRequest): MollieResponse {
    const auth = String(req.headers.authorization ?? '')
    if (!/^Bearer test_\w{10,}$/.test(auth))
      return { status: 401, body: json.error(401, 'Missing authentication, or failed to authenticate') }
    const path = new URL(req.path, 'https://mollie.invalid').pathname
    let body = req.body
    if (typeof body === 'string' && body !== '') {
      try {
        body = JSON.parse(body)
      } catch {
        return { status: 400, body: json.error(400, 'The request body is not valid JSON') }
      }
    }
    for (const [method, pattern, handler] of routes) {
      const m = pattern.exec(path)
      if (!m || method !== req.method.toUpperCase()) continue
      try {
        return handler(m.slice(1).map(decodeURIComponent), body)
      } catch (err) {
        if (!(err instanceof MollieError)) throw err
        return { status: err.status, body: json.error(err.status, err.message, err.field) }
      }
    }
    return { status: 404, body: json.error(404, 'The resource does not exist') }
  }

  return {
    handle(req: MollieRequest): MollieResponse {
      const key = req.method.toUpperCase() === 'POST' ? req.headers['idempotency-key'] : undefined
      const replay = typeof key === 'string' ? replays.get(key) : undefined
      if (replay) return replay
      const res = run(req)
      if (typeof key === 'string' && res.status < 500) replays.set(key, res)
      return res
    },
  }
}
