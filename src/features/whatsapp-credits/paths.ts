/*
 * Where the WhatsApp credit screens live (issue 23). The provider's checkout sends the buyer back
 * to `{publicUrl}/admin/whatsapp-credits/payments/{id}` (server/services/billing returnUrl), which
 * `/admin/<screen>` takes to the signed-in employee's own area.
 */
export const CREDITS_PATH = '/$slug/admin/whatsapp-credits'
export const CREDITS_PAYMENT_PATH = '/$slug/admin/whatsapp-credits/payments/$paymentId'
