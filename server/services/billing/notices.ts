import { and, asc, eq, isNull } from 'drizzle-orm'
import { employees, organisations } from '../../db/schema'
import { notDeleted, tenant } from '../../scope'
import type { z } from 'zod'
import type { ZNextPayment } from '../../../contract/subscriptions'
import type { BillingDeps } from './deps'

type NextPayment = z.infer<typeof ZNextPayment>

/*
 * README "Failed or charged-back renewal": the owner hears of it by e-mail at once (the dev
 * mailbox shows it locally), with the date the salon turns read-only unless a payment arrives.
 */

export type GraceNotice = { organisationId: string; reason: 'failed' | 'chargeback' | 'noMandate'; graceUntil: Date }

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
    const why = {
      failed: 'the payment for your subscription failed',
      chargeback: 'your bank reversed a payment for your subscription',
      noMandate: 'there is no payment method on file for it (your last purchase cost nothing)',
    }[v.reason]
    return {
      subject: `${v.companyName}: payment for your subscription needed`,
      text: `Hello ${v.firstName},\n\nWe could not collect your subscription: ${why}. ${v.companyName} keeps working until ${v.until}; after that it becomes read-only until a payment arrives. Nothing is deleted.\n\nPay or change your subscription at ${v.link}`,
    }
  }
  const why = {
    failed: 'de betaling van je abonnement is mislukt',
    chargeback: 'je bank heeft een betaling van je abonnement teruggeboekt',
    noMandate: 'er is geen betaalmethode voor bekend (je vorige aankoop was gratis)',
  }[v.reason]
  return {
    subject: `${v.companyName}: betaling van je abonnement nodig`,
    text: `Hallo ${v.firstName},\n\nWe konden je abonnement niet innen: ${why}. ${v.companyName} blijft werken tot ${v.until}; daarna kun je alleen nog lezen tot er een betaling binnen is. Er wordt niets verwijderd.\n\nBetaal of wijzig je abonnement op ${v.link}`,
  }
}

type Owner = { firstName: string; email: string; lang: 'nl' | 'en'; companyName: string }

/**
 * Mails the owner: the organisation's first employee still active (the one who signed up). A
 * mail that cannot be queued is logged, never thrown: the change it tells of is already committed.
 */
async function mailOwner(
  deps: Pick<BillingDeps, 'db' | 'mailer' | 'log'>,
  organisationId: string,
  what: string,
  compose: (owner: Owner) => { subject: string; text: string },
): Promise<void> {
  try {
    const [row] = await deps.db
      .select({ employee: employees, org: organisations })
      .from(employees)
      .innerJoin(organisations, eq(organisations.id, employees.organisationId))
      .where(and(tenant(employees, { organisationId }, notDeleted(employees)), isNull(employees.deactivatedAt)))
      .orderBy(asc(employees.createdAt))
      .limit(1)
    if (!row) return
    const owner: Owner = {
      firstName: row.employee.firstName,
      email: row.employee.email,
      lang: row.employee.language === 'en' ? 'en' : 'nl',
      companyName: row.org.companyName,
    }
    await deps.mailer.send({ organisationId, to: owner.email, ...compose(owner) })
  } catch (err) {
    deps.log?.warn({ err, organisationId }, `billing: ${what} not sent`)
  }
}

export function sendGraceNotice(deps: BillingDeps, notice: GraceNotice): Promise<void> {
  return mailOwner(deps, notice.organisationId, 'grace notice', (o) =>
    graceMail(o.lang, {
      firstName: o.firstName,
      companyName: o.companyName,
      until: dateOf(notice.graceUntil, o.lang),
      link: `${deps.config.publicUrl}/admin/subscription`,
      reason: notice.reason,
    }),
  )
}

/** Euros from integer cents for a mail ("€ 59,29" / "€59.29"); display only, never computed with. */
const euros = (cents: number, lang: 'nl' | 'en') =>
  new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100)

/** `byCheckout`: no mandate to charge, so the owner is asked to pay the term on the subscription page. */
export type RenewalNotice = { organisationId: string; next: NonNullable<NextPayment>; byCheckout: boolean }

/** Research §7 A13: a few days before each renewal charge, what will be charged and when. */
export function sendRenewalNotice(deps: BillingDeps, notice: RenewalNotice): Promise<void> {
  const { next } = notice
  return mailOwner(deps, notice.organisationId, 'renewal notice', (o) => {
    const v = {
      date: dateOf(new Date(next.date), o.lang),
      amount: euros(next.price.totalCents, o.lang),
      link: `${deps.config.publicUrl}/admin/subscription`,
    }
    if (notice.byCheckout)
      return o.lang === 'en'
        ? {
            subject: `${o.companyName}: pay the next term of your subscription before ${v.date}`,
            text: `Hello ${o.firstName},\n\nYour subscription renews on ${v.date} for ${v.amount} (VAT included). There is no payment method on file for it, so we cannot collect it ourselves: pay the next term on your subscription page, ${v.link}, and later terms are collected automatically.\n\nNot continuing? Cancel it there; it runs until ${v.date}.`,
          }
        : {
            subject: `${o.companyName}: betaal de volgende periode van je abonnement vóór ${v.date}`,
            text: `Hallo ${o.firstName},\n\nJe abonnement wordt verlengd op ${v.date} voor ${v.amount} (incl. btw). Er is geen betaalmethode voor bekend, dus we kunnen het niet zelf afschrijven: betaal de volgende periode op je abonnementspagina, ${v.link}, dan gaan de volgende periodes vanzelf.\n\nWil je niet verder? Zeg het daar op; het loopt tot ${v.date}.`,
          }
    return o.lang === 'en'
      ? {
          subject: `${o.companyName}: your subscription renews on ${v.date}`,
          text: `Hello ${o.firstName},\n\nYour subscription renews on ${v.date}. We will then collect ${v.amount} (VAT included) with the payment method you used before.\n\nTo change or cancel your subscription before then: ${v.link}`,
        }
      : {
          subject: `${o.companyName}: je abonnement wordt verlengd op ${v.date}`,
          text: `Hallo ${o.firstName},\n\nJe abonnement wordt verlengd op ${v.date}. We schrijven dan ${v.amount} (incl. btw) af met de betaalmethode die je eerder gebruikte.\n\nWil je je abonnement daarvoor wijzigen of opzeggen? Dat kan op ${v.link}`,
        }
  })
}

/**
 * Issue 23 (research §7 D4): the WhatsApp credit balance went below the threshold. Sent once per
 * crossing (services/whatsapp-credits/low-balance.ts decides); the banner says the same in the app.
 */
export function sendLowCreditsNotice(
  deps: Pick<BillingDeps, 'db' | 'mailer' | 'log'> & { config: Pick<BillingDeps['config'], 'publicUrl'> },
  organisationId: string,
  balance: number,
): Promise<void> {
  return mailOwner(deps, organisationId, 'low WhatsApp credits notice', (o) => {
    const link = `${deps.config.publicUrl}/admin/whatsapp-credits`
    return o.lang === 'en'
      ? {
          subject: `${o.companyName}: your WhatsApp credits are running low`,
          text: `Hello ${o.firstName},\n\n${o.companyName} has ${balance} WhatsApp credits left. When they run out, messages to your customers can only go by e-mail.\n\nBuy credits at ${link}`,
        }
      : {
          subject: `${o.companyName}: je WhatsApp-tegoed raakt op`,
          text: `Hallo ${o.firstName},\n\n${o.companyName} heeft nog ${balance} WhatsApp-credits. Als ze op zijn, kunnen berichten aan je klanten alleen nog per e-mail.\n\nKoop tegoed op ${link}`,
        }
  })
}
