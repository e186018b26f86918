import { and, eq, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { organisations, outboxMessages } from '../../db/schema'
import { createWhatsapp, type Whatsapp } from '../../integrations/whatsapp'
import { sendLowCreditsNotice } from '../billing/notices'
import { refundMessage } from './ledger'

type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>

/*
 * The WhatsApp sender every sending path uses (questionnaires, advice, documents): the outbox
 * of server/integrations/whatsapp, with the credits around it (README): a message that fails for
 * good gives its credits back in the transaction that marks it failed, and a delivery that leaves
 * the balance below the threshold mails the owner, once per crossing.
 */
export function createWhatsappSender(app: Deps, opts: { backoffMs?: number[] } = {}): Whatsapp {
  const inner = createWhatsapp({
    config: app.config,
    db: app.db,
    log: app.log,
    backoffMs: opts.backoffMs,
    onFailed: (tx, id) => refundMessage(tx, id),
  })
  const pending = new Set<Promise<void>>()
  const track = (p: Promise<void>) => {
    const q = p.catch((err) => app.log.warn({ err }, 'whatsapp credits: low-balance check failed'))
    pending.add(q)
    void q.finally(() => pending.delete(q))
  }
  return {
    ...inner,
    deliver(id) {
      inner.deliver(id)
      track(notifyIfLow(app, id))
    },
    async close() {
      await inner.close()
      await Promise.allSettled([...pending])
    },
  }
}

/**
 * README "Low balance": the flag is taken by one conditional update (below the threshold and
 * not yet told), so concurrent sends mail once; a paid top-up clears it (purchase.ts).
 */
export async function notifyIfLow(app: Deps, messageId: string): Promise<void> {
  const [message] = await app.db
    .select({ organisationId: outboxMessages.organisationId })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, messageId))
  if (!message?.organisationId) return
  const [taken] = await app.db
    .update(organisations)
    .set({ whatsappLowNotified: true })
    .where(
      and(
        eq(organisations.id, message.organisationId),
        eq(organisations.whatsappLowNotified, false),
        lt(organisations.whatsappCredits, app.config.whatsappCreditsLow),
      ),
    )
    .returning({ balance: organisations.whatsappCredits })
  if (taken) await sendLowCreditsNotice(app, message.organisationId, taken.balance)
}
