import { and, asc, eq, isNull } from 'drizzle-orm'
import { employees, organisations } from '../../db/schema'
import { notDeleted, tenant } from '../../scope'
import type { BillingDeps } from './deps'

/*
 * README "Failed or charged-back renewal": the owner hears of it by e-mail at once (the dev
 * mailbox shows it locally), with the date the salon turns read-only unless a payment arrives.
 */

export type GraceNotice = { organisationId: string; reason: 'failed' | 'chargeback'; graceUntil: Date }

const dateOf = (d: Date, lang: 'nl' | 'en') =>
  d.toLocaleDateString(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  })

function graceMail(
  lang: 'nl' | 'en',
  v: { firstName: string; companyName: string; until: string; link: string; reason: GraceNotice['reason'] },
) {
  if (lang === 'en') {
    const why =
      v.reason === 'failed'
        ? 'the payment for your subscription failed'
        : 'your bank reversed a payment for your subscription'
    return {
      subject: `${v.companyName}: payment for your subscription needed`,
      text: `Hello ${v.firstName},\n\nWe could not collect your subscription: ${why}. ${v.companyName} keeps working until ${v.until}; after that it becomes read-only until a payment arrives. Nothing is deleted.\n\nPay or change your subscription at ${v.link}`,
    }
  }
  const why =
    v.reason === 'failed'
      ? 'de betaling van je abonnement is mislukt'
      : 'je bank heeft een betaling van je abonnement teruggeboekt'
  return {
    subject: `${v.companyName}: betaling van je abonnement nodig`,
    text: `Hallo ${v.firstName},\n\nWe konden je abonnement niet innen: ${why}. ${v.companyName} blijft werken tot ${v.until}; daarna kun je alleen nog lezen tot er een betaling binnen is. Er wordt niets verwijderd.\n\nBetaal of wijzig je abonnement op ${v.link}`,
  }
}

/**
 * The owner: the organisation's first employee still active (the one who signed up). A mail that
 * cannot be queued is logged, never thrown: the payment's state has already been committed.
 */
export async function sendGraceNotice(deps: BillingDeps, notice: GraceNotice): Promise<void> {
  try {
    const scope = { organisationId: notice.organisationId }
    const [row] = await deps.db
      .select({ employee: employees, org: organisations })
      .from(employees)
      .innerJoin(organisations, eq(organisations.id, employees.organisationId))
      .where(and(tenant(employees, scope, notDeleted(employees)), isNull(employees.deactivatedAt)))
      .orderBy(asc(employees.createdAt))
      .limit(1)
    if (!row) return
    const lang = row.employee.language === 'en' ? 'en' : 'nl'
    const mail = graceMail(lang, {
      firstName: row.employee.firstName,
      companyName: row.org.companyName,
      until: dateOf(notice.graceUntil, lang),
      link: `${deps.config.publicUrl}/admin/subscription`,
      reason: notice.reason,
    })
    await deps.mailer.send({ organisationId: notice.organisationId, to: row.employee.email, ...mail })
  } catch (err) {
    deps.log?.warn({ err, organisationId: notice.organisationId }, 'billing: grace notice not sent')
  }
}
