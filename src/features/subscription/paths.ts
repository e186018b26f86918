/*
 * Where the billing screens live (below the staff area). The provider's checkout sends the owner
 * back to the return page: the backend's `redirectUrl` is `{publicUrl}/admin/subscription/payments/{id}`
 * (server/services/billing returnUrl), which `/admin/<screen>` (routes/admin.tsx) takes to the
 * signed-in employee's own area, `paymentReturnPath(slug, id)`: no web address in the URL, so a
 * slug changed meanwhile still lands.
 */
export const SUBSCRIPTION_PATH = '/$slug/admin/subscription'
export const PLANS_PATH = '/$slug/admin/subscription/plans'
export const PAYMENTS_PATH = '/$slug/admin/subscription/payments'
export const PAYMENT_RETURN_PATH = '/$slug/admin/subscription/payments/$paymentId'

/** The return page of one payment: `/{slug}/admin/subscription/payments/{paymentId}`. */
export const paymentReturnPath = (slug: string, paymentId: string) =>
  `/${encodeURIComponent(slug)}/admin/subscription/payments/${encodeURIComponent(paymentId)}`
