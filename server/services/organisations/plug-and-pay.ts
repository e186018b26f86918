import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PlugAndPayOutcome, PlugAndPayWebhook } from '../../../contract/plug-and-pay'
import { zEmail } from '../../../contract/validation'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { plugAndPayOrders } from '../../db/schema'
import { AppError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { type PlugAndPay, type PlugAndPayOrder, PlugAndPayUnavailable } from '../../integrations/plug-and-pay'
import { audit } from '../audit'
import { newInvitation, sendInvitation } from '../employees/invitation'
import { assertEmployeeEmailFree } from './availability'
import { insertOrganisation, type NewOrganisation, takenError } from './create'
import { freeCompanyName, freeSlug } from './plug-and-pay-names'

/*
 * Issue 23 G1 (research §5): a paid Plug&Pay order of one of our products becomes an
 * organisation on a trial, its buyer the owner, invited by e-mail to set a password. The event
 * says only which order; the order is fetched from Plug&Pay (which also proves it).
 */

export type PlugAndPayDeps = {
  db: Db
  config: Pick<Config, 'plugAndPayProductIds' | 'publicUrl'>
  plugAndPay: PlugAndPay
  mailer: Mailer
  log: FastifyBaseLogger
}

const ignored = (reason: NonNullable<PlugAndPayOutcome['reason']>): PlugAndPayOutcome => ({
  outcome: 'ignored',
  reason,
})

/** A new organisation's owner reads Dutch unless they change it (the platform's default language). */
const OWNER_LANGUAGE = 'nl'

/** The idempotency key's row, if the order was handled before. */
async function handledBefore(db: Db, tenantId: string, orderId: string) {
  const [row] = await db
    .select({ organisationId: plugAndPayOrders.organisationId })
    .from(plugAndPayOrders)
    .where(and(eq(plugAndPayOrders.tenantId, tenantId), eq(plugAndPayOrders.orderId, orderId)))
  return row
}

export async function handlePlugAndPayEvent(
  deps: PlugAndPayDeps,
  event: PlugAndPayWebhook,
): Promise<PlugAndPayOutcome> {
  const { db, log } = deps
  const key = { tenantId: event.tenant_id, orderId: event.triggerable_id }
  if (event.trigger_type !== 'order_paid') {
    log.info({ ...key, trigger: event.trigger_type }, 'plug&pay webhook ignored: not order_paid')
    return ignored('otherTrigger')
  }
  // A replay (Plug&Pay retries, or sends twice) is answered without asking Plug&Pay again.
  const before = await handledBefore(db, key.tenantId, key.orderId)
  if (before) return { outcome: 'alreadyHandled', organisationId: before.organisationId }

  let order: PlugAndPayOrder | null
  try {
    order = await deps.plugAndPay.order(key.orderId)
  } catch (err) {
    if (!(err instanceof PlugAndPayUnavailable)) throw err
    log.warn({ ...key, err: err.message }, 'plug&pay webhook: order could not be fetched')
    throw new AppError('PLUG_AND_PAY_UNAVAILABLE')
  }
  const skip = whyNot(order, deps.config.plugAndPayProductIds)
  if (skip || !order) {
    log.info({ ...key, reason: skip }, 'plug&pay webhook ignored')
    return ignored(skip ?? 'orderNotFound')
  }
  const owner = ownerOf(order)
  if (!owner) {
    log.warn(key, 'plug&pay webhook ignored: the order has no usable e-mail address')
    return ignored('noEmail')
  }
  return createFromOrder(deps, key, order, owner)
}

/** Why a fetched order makes no organisation (null: it does). */
function whyNot(order: PlugAndPayOrder | null, productIds: string[]): PlugAndPayOutcome['reason'] | null {
  if (!order) return 'orderNotFound'
  if (order.payment?.status !== 'paid') return 'notPaid'
  const products = new Set(productIds)
  if (!(order.items ?? []).some((i) => i.product_id != null && products.has(i.product_id))) return 'otherProduct'
  return null
}

type Owner = { email: string; firstName: string; lastName: string }

function ownerOf(order: PlugAndPayOrder): Owner | null {
  const contact = order.billing?.contact
  const email = zEmail.safeParse(contact?.email ?? '')
  if (!email.success) return null
  const local = email.data.split('@')[0]
  return {
    email: email.data,
    firstName: (contact?.firstname ?? local).slice(0, 100),
    lastName: (contact?.lastname ?? '').slice(0, 100),
  }
}

/** Tries again with other names when a concurrent sign-up took the chosen slug or company name first. */
const NAME_ATTEMPTS = 3

async function createFromOrder(
  deps: PlugAndPayDeps,
  key: { tenantId: string; orderId: string },
  order: PlugAndPayOrder,
  owner: Owner,
): Promise<PlugAndPayOutcome> {
  const { db, log } = deps
  // Employee e-mail addresses are unique across the platform (one person signs in at /admin
  // without naming the organisation), so a buyer who already has an account — as the owner of
  // another organisation or as an employee — cannot become this one's owner under the same
  // address. We refuse, say so in the answer, log and audit it, and leave the order unhandled:
  // support can set the organisation up by hand. Creating it with another owner would hand a
  // paying customer's organisation to nobody they know of.
  const contact = order.billing?.contact
  const address = order.billing?.address
  const personName = [owner.firstName, owner.lastName].filter(Boolean).join(' ')
  const name = (contact?.company ?? personName).slice(0, 200)
  for (let attempt = 1; ; attempt++) {
    try {
      // Checked again in each attempt: a concurrent call for this order may have finished meanwhile.
      const before = await handledBefore(db, key.tenantId, key.orderId)
      if (before) return { outcome: 'alreadyHandled', organisationId: before.organisationId }
      await assertEmployeeEmailFree(db, owner.email)
      const companyName = await freeCompanyName(db, name)
      const input: NewOrganisation = {
        legalName: name,
        companyName,
        slug: await freeSlug(db, companyName),
        vatNumber: (contact?.vat_id_number ?? '').slice(0, 40),
        invoiceLanguage: OWNER_LANGUAGE,
        country: (address?.country ?? '').slice(0, 100),
        addressLine1: [address?.street, address?.street_suffix].filter(Boolean).join(' ').slice(0, 200),
        addressLine2: '',
        postalCode: (address?.zipcode ?? '').slice(0, 20),
        city: (address?.city ?? '').slice(0, 100),
        contactPerson: personName.slice(0, 200),
        branchName: companyName,
        admin: { ...owner, language: OWNER_LANGUAGE, passwordHash: null },
      }
      const created = await db.transaction(async (tx) => {
        // The key first: a concurrent call for the same order waits here for this transaction,
        // then finds the row and makes nothing.
        const [claimed] = await tx
          .insert(plugAndPayOrders)
          .values({ ...key })
          .onConflictDoNothing()
          .returning({ orderId: plugAndPayOrders.orderId })
        if (!claimed) return null
        const { org, employeeId } = await insertOrganisation(tx, input)
        await tx
          .update(plugAndPayOrders)
          .set({ organisationId: org.id })
          .where(and(eq(plugAndPayOrders.tenantId, key.tenantId), eq(plugAndPayOrders.orderId, key.orderId)))
        const token = await newInvitation(tx, employeeId)
        await audit(tx, {
          organisationId: org.id,
          actorKind: 'plugAndPay',
          event: 'organisationCreateFromOrder',
          data: { tenantId: key.tenantId, orderId: key.orderId, employeeId },
        })
        return { org, employeeId, token }
      })
      if (!created) {
        const row = await handledBefore(db, key.tenantId, key.orderId)
        return { outcome: 'alreadyHandled', organisationId: row?.organisationId ?? null }
      }
      // The mail after the commit; one that cannot be queued does not undo the organisation: the
      // owner can ask for a new link on the sign-in page ("forgot password" re-sends an invitation).
      await sendInvitation(db, {
        mailer: deps.mailer,
        publicUrl: deps.config.publicUrl,
        token: created.token,
        employee: {
          organisationId: created.org.id,
          email: owner.email,
          firstName: owner.firstName,
          language: OWNER_LANGUAGE,
        },
      }).catch((err) => log.error({ err, organisationId: created.org.id }, 'plug&pay: invitation mail failed'))
      log.info({ ...key, organisationId: created.org.id }, 'plug&pay webhook: organisation created')
      return { outcome: 'created', organisationId: created.org.id }
    } catch (err) {
      const e = takenError(err)
      if (e instanceof AppError && e.code === 'EMPLOYEE_EMAIL_TAKEN') {
        const before = await handledBefore(db, key.tenantId, key.orderId)
        if (before) return { outcome: 'alreadyHandled', organisationId: before.organisationId }
        log.warn(key, 'plug&pay webhook refused: the buyer’s e-mail address already has an account')
        await audit(db, {
          organisationId: null,
          actorKind: 'plugAndPay',
          event: 'organisationCreateFromOrderRefused',
          data: { tenantId: key.tenantId, orderId: key.orderId, reason: 'emailTaken' },
        })
        return ignored('emailTaken')
      }
      const nameTaken = e instanceof AppError && (e.code === 'SLUG_TAKEN' || e.code === 'COMPANY_NAME_TAKEN')
      if (!nameTaken || attempt >= NAME_ATTEMPTS) throw e
    }
  }
}
