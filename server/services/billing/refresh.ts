import type { Payment } from '../../../contract/subscriptions'
import { applyProviderPayment } from './apply'
import type { BillingDeps } from './deps'
import { findPaymentRow, findPaymentView } from './read'
import { isFinal } from './view'

/**
 * `GET …/payments/:id` (the return page): a payment that is not final yet is fetched from the
 * provider and applied through the webhook's own path, so the page shows the truth even when a
 * webhook was lost or is late. A provider that cannot be reached leaves the stored state.
 */
export async function refreshedPayment(deps: BillingDeps, organisationId: string, id: string): Promise<Payment> {
  const row = await findPaymentRow(deps.db, organisationId, id)
  if (row.providerPaymentId && !isFinal(row.status)) {
    await applyProviderPayment(deps, row.providerPaymentId, { organisationId, kind: row.kind }).catch((err) =>
      deps.log?.warn({ err, paymentId: id }, 'billing: payment not refreshed from the provider'),
    )
  }
  return findPaymentView(deps.db, organisationId, id)
}
