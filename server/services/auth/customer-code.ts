import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { notDeleted } from '../../scope'
import { v7 as uuidv7 } from 'uuid'
import type { CustomerSession } from '../../../contract/auth'
import type { Language } from '../../../contract/enums'
import { LOGIN_CODE_LENGTH } from '../../../contract/validation'
import { newLoginCode, sha256 } from '../../auth/passwords'
import { createSession } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { customerLoginCodes, customers } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import type { Mailer } from '../../integrations/mail/mailer'
import { loginCodeMail } from '../../integrations/mail/templates'
import { logActivity } from '../audit'
import { customerMailLanguage } from '../customers/language'
import { absoluteLogoUrl, getOrganisation } from '../organisations/find'

const CODE_MINUTES = 10
/** Spec §8 "limited attempts": the fifth wrong code burns it; the customer requests a new one. */
export const MAX_CODE_ATTEMPTS = 5

// Salted with the customer id so a leaked table cannot be reversed with one lookup table.
const codeHash = (customerId: string, code: string) => sha256(`${customerId}:${code.toUpperCase()}`)

async function findCustomer(db: Db, organisationId: string, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.organisationId, organisationId), eq(customers.email, email), notDeleted(customers)))
    .limit(1)
  return row ?? null
}

/**
 * Mails a 6-character code valid for 10 minutes. Always answers the same, so the call does not
 * reveal whether an address is a customer. A new request invalidates the older codes.
 */
export async function requestCustomerCode(opts: {
  db: Db
  mailer: Mailer
  org: string
  email: string
  language?: Language
  /** The site's address: the mail shows the salon's logo from there. */
  publicUrl?: string
}): Promise<void> {
  const { db } = opts
  const org = await getOrganisation(db, opts.org)
  const customer = await findCustomer(db, org.id, opts.email)
  if (!customer) return
  const code = newLoginCode(LOGIN_CODE_LENGTH)
  await db.transaction(async (tx) => {
    await tx
      .update(customerLoginCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(customerLoginCodes.customerId, customer.id), isNull(customerLoginCodes.usedAt)))
    await tx.insert(customerLoginCodes).values({
      id: uuidv7(),
      organisationId: org.id,
      customerId: customer.id,
      codeHash: codeHash(customer.id, code),
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    })
    await logActivity(tx, { organisationId: org.id, customerId: customer.id, type: 'codeRequest' })
  })
  const language = customerMailLanguage(customer, org.invoiceLanguage, opts.language)
  await opts.mailer.send({
    organisationId: org.id,
    to: customer.email,
    ...loginCodeMail(language, {
      code,
      companyName: org.companyName,
      firstName: customer.firstName,
      minutes: CODE_MINUTES,
      logoUrl: absoluteLogoUrl(org, opts.publicUrl),
    }),
  })
}

export async function verifyCustomerCode(opts: {
  db: Db
  org: string
  email: string
  code: string
  sessionTtlHours: number
  language?: Language
}): Promise<CustomerSession> {
  const { db } = opts
  const org = await getOrganisation(db, opts.org)
  const customer = await findCustomer(db, org.id, opts.email)
  if (!customer) throw new AppError('INVALID_LOGIN_CODE')
  const [current] = await db
    .select()
    .from(customerLoginCodes)
    .where(
      and(
        eq(customerLoginCodes.customerId, customer.id),
        isNull(customerLoginCodes.usedAt),
        gt(customerLoginCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(customerLoginCodes.createdAt))
    .limit(1)
  const fail = async (reason: string) => {
    await logActivity(db, { organisationId: org.id, customerId: customer.id, type: 'failedLogin', data: { reason } })
    return new AppError('INVALID_LOGIN_CODE')
  }
  if (!current) throw await fail('noValidCode')
  if (current.codeHash !== codeHash(customer.id, opts.code)) {
    // Count the miss; the last allowed miss burns the code.
    await db
      .update(customerLoginCodes)
      .set({
        attempts: sql`${customerLoginCodes.attempts} + 1`,
        usedAt: sql`case when ${customerLoginCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
      })
      .where(eq(customerLoginCodes.id, current.id))
    throw await fail('wrongCode')
  }
  // Claim the code with a conditional update: single use even under concurrent verifies.
  const [claimed] = await db
    .update(customerLoginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(customerLoginCodes.id, current.id), isNull(customerLoginCodes.usedAt)))
    .returning({ id: customerLoginCodes.id })
  if (!claimed) throw await fail('alreadyUsed')
  const { token, expiresAt } = await createSession(db, {
    kind: 'customer',
    subjectId: customer.id,
    organisationId: org.id,
    ttlHours: opts.sessionTtlHours,
  })
  await logActivity(db, { organisationId: org.id, customerId: customer.id, type: 'login' })
  // The first sign-in records the language the customer reads in, so mails follow it; a choice
  // they made before (the area's language switch) is theirs and stays.
  const language = opts.language
  if (language && !customer.language)
    await db.transaction(async (tx) =>
      tx
        .update(customers)
        .set({ language, version: await nextVersion(tx, org.id), updatedAt: new Date() })
        .where(and(eq(customers.id, customer.id), eq(customers.organisationId, org.id), isNull(customers.language))),
    )
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    customer: {
      id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      organisationId: org.id,
    },
  }
}
