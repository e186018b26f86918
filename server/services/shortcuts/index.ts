import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Shortcut } from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { customers, organisations, shortcuts } from '../../db/schema'
import { AppError } from '../../errors'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { inBranch, notDeleted, tenant } from '../../scope'
import { loadQuestionnaire } from '../questionnaires'

/** No 0/O, 1/I/L: codes are read from phones and sometimes typed over. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const CODE_LENGTH = 8
const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/**
 * The short code for (organisation, questionnaire, customer): made once, then the same code
 * every time the questionnaire is sent again.
 */
export async function ensureShortcut(
  db: DbOrTx,
  t: { organisationId: string; questionnaireId: string; customerId: string },
): Promise<string> {
  const find = async () =>
    (
      await db
        .select({ code: shortcuts.code })
        .from(shortcuts)
        .where(
          tenant(
            shortcuts,
            t,
            and(eq(shortcuts.questionnaireId, t.questionnaireId), eq(shortcuts.customerId, t.customerId)),
          ),
        )
    )[0]?.code
  const existing = await find()
  if (existing) return existing
  for (let i = 0; i < 5; i++) {
    const [row] = await db
      .insert(shortcuts)
      .values({ code: newCode(), ...t })
      .onConflictDoNothing()
      .returning({ code: shortcuts.code })
    if (row) return row.code
    // Either a concurrent send made this target's code, or the random code was taken.
    const made = await find()
    if (made) return made
  }
  throw new Error('could not allocate a shortcut code')
}

export const shortcutLink = (publicUrl: string, code: string) => `${publicUrl}/shortcut?code=${code}`

/**
 * Staff make (or fetch) the link that opens a questionnaire for one customer of the branch. Only
 * customer questionnaires can be sent.
 */
export async function createShortcutLink(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  questionnaireId: string
  customerId: string
  publicUrl: string
}) {
  const { db, caller } = opts
  await authorizeInBranch(db, caller, 'shortcuts.create', opts.salonId)
  const q = await loadQuestionnaire(
    db,
    { organisationId: caller.organisationId, kind: 'customer' },
    opts.questionnaireId,
  )
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      tenant(
        customers,
        caller,
        eq(customers.id, opts.customerId),
        notDeleted(customers),
        inBranch(customers, opts.salonId),
      ),
    )
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND')
  const code = await ensureShortcut(db, {
    organisationId: caller.organisationId,
    questionnaireId: q.id,
    customerId: opts.customerId,
  })
  return { code, url: shortcutLink(opts.publicUrl, code) }
}

/**
 * GET /shortcuts?code=: what the /shortcut screen needs to lead to code sign-in and the
 * questionnaire. Unauthenticated (spec §6), so rate-limited at the route; an unknown code, or
 * one whose customer was removed, is a 404.
 */
export async function resolveShortcut(db: DbOrTx, code: string): Promise<Shortcut> {
  const [row] = await db
    .select({
      organisationId: shortcuts.organisationId,
      slug: organisations.slug,
      organisationName: organisations.companyName,
      questionnaireId: shortcuts.questionnaireId,
      email: customers.email,
    })
    .from(shortcuts)
    .innerJoin(organisations, eq(organisations.id, shortcuts.organisationId))
    .innerJoin(customers, eq(customers.id, shortcuts.customerId))
    .where(and(eq(shortcuts.code, code.toUpperCase()), notDeleted(customers)))
  if (!row) throw new AppError('SHORTCUT_NOT_FOUND')
  return row
}
