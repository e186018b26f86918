import { createMollieClient, MollieApiError, SequenceType } from '@mollie/api-client'
import { centsToValue } from './money'
import { PaymentError, type PaymentProvider } from './port'
import { toMandate, toPayment, toPaymentError, toRefund } from './wire'

/**
 * The payment port on Mollie, through its official client. `apiEndpoint` is for tests only: the
 * client pins Mollie's certificates, so its tests intercept it in-process (nock) on a made-up host.
 * The client itself retries 5xx answers and sends an Idempotency-Key with each POST.
 */
export function createMolliePayments(opts: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const mollie = createMollieClient({ apiKey: opts.apiKey, apiEndpoint: opts.apiEndpoint })

  /** Mollie's 404 and refusals as PaymentError; anything else (auth, network, 5xx) as it came. */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof MollieApiError) throw toPaymentError(err.statusCode, err.message, err.field) ?? err
      throw err
    }
  }

  /** The client refuses a malformed id before asking; no such id can exist at Mollie either. */
  const mustLookLike = (prefix: string, id: string) => {
    if (!id.startsWith(prefix)) throw new PaymentError('PAYMENT_NOT_FOUND', `No such id: ${id}`)
  }

  return {
    createCustomer: ({ name, email, metadata }) =>
      call(async () => ({ id: (await mollie.customers.create({ name, email, metadata })).id })),

    createPayment: (input) =>
      call(async () => {
        const payment = await mollie.payments.create({
          amount: { value: centsToValue(input.amountCents), currency: input.currency },
          description: input.description,
          redirectUrl: 'redirectUrl' in input ? input.redirectUrl : undefined,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          sequenceType: SequenceType[input.sequenceType],
          customerId: input.customerId,
          mandateId: 'mandateId' in input ? input.mandateId : undefined,
        })
        return { id: payment.id, status: toPayment(payment).status, checkoutUrl: payment.getCheckoutUrl() }
      }),

    getPayment: (id) =>
      call(async () => {
        mustLookLike('tr_', id)
        return toPayment(await mollie.payments.get(id))
      }),

    listMandates: (customerId) =>
      call(async () => {
        mustLookLike('cst_', customerId)
        // 250 is Mollie's page maximum; a customer has a handful of mandates.
        return (await mollie.customerMandates.page({ customerId, limit: 250 })).map(toMandate)
      }),

    refund: ({ paymentId, amountCents, currency, description }) =>
      call(async () => {
        mustLookLike('tr_', paymentId)
        const refund = await mollie.paymentRefunds.create({
          paymentId,
          amount: { value: centsToValue(amountCents), currency },
          description,
        })
        return toRefund(refund)
      }),
  }
}
