import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { organisations } from '../../db/schema'
import { AppError } from '../../errors'

/**
 * How a sending path reaches people: by e-mail or WhatsApp (gated), in the customer's own area
 * (`inApp`: nobody is messaged, so it is never gated), or each customer's default (`default`:
 * e-mail or WhatsApp, so gated).
 */
export type OutboundWay = 'email' | 'whatsapp' | 'whatsApp' | 'inApp' | 'default'

/**
 * Issue 21 #16, the one gate of every path that e-mails or WhatsApps someone on the
 * organisation's behalf (questionnaires, documents and consent forms, re-consent, advice
 * notifications, employee invitations): until the owner confirmed their address, a fresh
 * sign-up could message anyone. Called before the path writes or spends anything, so a refusal
 * changes nothing. Mails a person asks for themselves (a customer's login code, a password reset)
 * are not the organisation reaching out and do not pass here. `tests/api/sending-gate.test.ts`
 * sweeps every sending endpoint; `tests/structure/sending-gate.test.ts` fails when a service
 * sends without passing here.
 */
export async function assertMaySend(db: DbOrTx, organisationId: string, way: OutboundWay): Promise<void> {
  if (way === 'inApp') return
  const [org] = await db
    .select({ confirmedAt: organisations.emailConfirmedAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!org?.confirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED')
}
