/*
 * Where the billing screens live (below the staff area). The provider's checkout sends the owner
 * back to the return page: the backend's `redirectUrl` is `paymentReturnPath(slug, paymentId)`
 * on the app's origin.
 */
export const SUBSCRIPTION_PATH = '/$slug/admin/subscription'
export const PLANS_PATH = '/$slug/admin/subscription/plans'
export const PAYMENTS_PATH = '/$slug/admin/subscription/payments'
export const PAYMENT_RETURN_PATH = '/$slug/admin/subscription/payments/$paymentId'

/** The return page of one payment: `/{slug}/admin/subscription/payments/{paymentId}`. */
export const paymentReturnPath = (slug: string, paymentId: string) =>
  `/${encodeURIComponent(slug)}/admin/subscription/payments/${encodeURIComponent(paymentId)}`
