import { randomBytes } from 'node:crypto'
import nock from 'nock'
import { afterAll } from 'vitest'
import { createMollieHttp } from '../../../server/integrations/payments/mollie-state/http'
import { createMollieState } from '../../../server/integrations/payments/mollie-state/state'
import { settle, type WebhookDelivery } from '../../../server/integrations/payments/mollie-state/webhooks'
import type { PaymentStatus } from '../../../server/integrations/payments/port'

/** The made-up host the fake answers on; no DNS name, so nothing real can answer it either. */
export const MOLLIE_FAKE_ORIGIN = 'https://mollie.sandbox.test'

/** One request the fake answered (or refused). */
export type MollieFakeRequest = { method: string; path: string; status: number }

/**
 * Mollie's API for one test file, in this process: the in-memory Mollie (the same state machine
 * as the local sandbox) behind nock interceptors on https://mollie.sandbox.test/v2/. The official
 * client pins Mollie's certificates, so no local HTTPS server could answer it (research §1.1).
 * Every other host is refused except 127.0.0.1 and localhost (webhook receivers): a request that
 * would leave the machine fails, and is listed in `refused`. Undone after the file.
 *
 *   const mollie = mountMollieFake()
 *   const payments = createMolliePayments({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint })
 *   await mollie.choose(payment.id, 'paid') // the customer pays; the webhook is called
 */
export function mountMollieFake() {
  const state = createMollieState({
    apiBase: `${MOLLIE_FAKE_ORIGIN}/v2`,
    checkoutUrl: (id) => `${MOLLIE_FAKE_ORIGIN}/checkout/${id}`,
  })
  const http = createMollieHttp(state)
  const requests: MollieFakeRequest[] = []
  const refused: string[] = []
  const deliveries: WebhookDelivery[] = []

  const isLocal = (host: string) => /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host)
  nock.disableNetConnect()
  nock.enableNetConnect(isLocal)
  const onNoMatch = (req: { method?: string; href?: string; host?: string; hostname?: string; path?: string }) => {
    if (!isLocal(req.host ?? req.hostname ?? ''))
      refused.push(`${req.method ?? 'GET'} ${req.href ?? `${req.host}${req.path}`}`)
  }
  nock.emitter.on('no match', onNoMatch)

  const scope = nock(MOLLIE_FAKE_ORIGIN).persist()
  for (const method of ['get', 'post', 'patch', 'delete'] as const) {
    scope[method](/.*/).reply(function (uri, body) {
      const res = http.handle({ method: method.toUpperCase(), path: uri, headers: this.req.headers, body })
      requests.push({ method: method.toUpperCase(), path: uri, status: res.status })
      return [res.status, JSON.stringify(res.body), { 'content-type': 'application/hal+json' }]
    })
  }

  afterAll(() => {
    nock.emitter.off('no match', onNoMatch)
    nock.cleanAll()
    nock.enableNetConnect()
    nock.restore()
  })

  return {
    /** A test-mode key, as Mollie's look: `test_` and 30 characters. */
    apiKey: `test_${randomBytes(15).toString('hex')}`,
    apiEndpoint: `${MOLLIE_FAKE_ORIGIN}/v2/`,
    state,
    requests,
    /** Requests for any other host than the fake's and the local ones: nock refused each. */
    refused,
    /** Every webhook call so far, oldest first. */
    deliveries,
    /** What the customer does at Mollie's checkout (or the bank decides); then the webhook. */
    async choose(paymentId: string, status: PaymentStatus) {
      const made = await settle(state, paymentId, status)
      deliveries.push(...made)
      return made
    },
  }
}
