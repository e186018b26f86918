/*
 * Where Academy lives (below the staff area). The provider's checkout sends the buyer back to
 * `{publicUrl}/admin/academy/payments/{id}` (server/services/billing/deps.ts returnUrl), which
 * `/admin/<screen>` (routes/admin.tsx) takes to the signed-in employee's own area.
 */
export const ACADEMY_PATH = '/$slug/admin/academy'
export const ACADEMY_PAYMENT_PATH = '/$slug/admin/academy/payments/$paymentId'
export { ACADEMY_COURSE_PATH } from '../course-reader/course-path'
