import { asc, eq, isNull } from 'drizzle-orm'
import Papa from 'papaparse'
import { type CustomField, formatCustomValue } from '../../../contract/custom-fields'
import { isoToDateText } from '../../../contract/dates'
import type { Language } from '../../../contract/enums'
import { authorize, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { customFields, customers, organisations, salons } from '../../db/schema'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { noFormula, when } from '../submissions/export'
import { CUSTOMER_WORDS as WORDS } from './field-labels'
import { CUSTOMER_LIST_ORDER, listFilter } from './read'

const CHANNELS: Record<string, string> = { email: 'E-mail', whatsapp: 'WhatsApp' }

/** The organisation's language (headers and yes/no, as the submissions export). */
export async function organisationLanguage(db: DbOrTx, organisationId: string): Promise<Language> {
  const [org] = await db
    .select({ language: organisations.invoiceLanguage })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return org?.language === 'en' ? 'en' : 'nl'
}

/** The organisation's live custom fields in their order (columns of the export). */
export const liveCustomFields = (db: DbOrTx, caller: TenantCaller) =>
  db
    .select()
    .from(customFields)
    .where(tenant(customFields, caller, isNull(customFields.deletedAt)))
    .orderBy(asc(customFields.position), asc(customFields.displayName))

/**
 * GET /customers/export: the customers of the list's current filter (branch, search, include
 * deleted) as CSV, one column per customer field, then one per live custom field (by position,
 * values printed by formatCustomValue). `;`-separated UTF-8 with a BOM: Dutch Excel opens it
 * as columns with the accents right. Cells that would run as a formula are prefixed (noFormula).
 * Audited as customersSearch (the spec's event for reading many customers) with `export: 'csv'`.
 */
export async function exportCustomersCsv(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId?: string
  search?: string
  includeDeleted?: boolean
}) {
  const { db, caller } = opts
  authorize(caller, 'customers.export', opts.salonId)
  const where = await listFilter(db, caller, opts)
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...CUSTOMER_LIST_ORDER)
  const lang = await organisationLanguage(db, caller.organisationId)
  const w = WORDS[lang]
  const fields = await liveCustomFields(db, caller)
  const branchNames = new Map(
    (await db.select({ id: salons.id, name: salons.name }).from(salons).where(tenant(salons, caller))).map((s) => [
      s.id,
      s.name,
    ]),
  )
  const header = [
    w.firstName,
    w.lastName,
    w.email,
    w.dateOfBirth,
    w.gender,
    w.phoneNumber,
    w.alternatePhoneNumber,
    w.address,
    w.city,
    w.zipCode,
    w.notes,
    w.salons,
    w.defaultMessagingType,
    w.allowedMessagingTypes,
    w.deleted,
    w.createdAt,
    ...fields.map((f) => f.displayName),
  ].map(noFormula)
  const data = rows.map((c) =>
    [
      c.firstName,
      c.lastName,
      c.email,
      c.dateOfBirth ? isoToDateText(c.dateOfBirth) : '',
      w.genders[c.gender] ?? c.gender,
      c.phoneNumber ?? '',
      c.alternatePhoneNumber ?? '',
      c.address ?? '',
      c.city ?? '',
      c.zipCode ?? '',
      c.notes ?? '',
      c.salonIds
        .map((s) => branchNames.get(s) ?? '')
        .filter(Boolean)
        .join(', '),
      CHANNELS[c.defaultMessagingType] ?? c.defaultMessagingType,
      (c.allowedMessagingTypes as string[]).map((t) => CHANNELS[t] ?? t).join(', '),
      c.deleted ? w.yes : w.no,
      when(c.createdAt),
      ...fields.map((f) => formatCustomValue(f as Pick<CustomField, 'type'>, c.customValues?.[f.propertyName], lang)),
    ].map(noFormula),
  )
  const csv = Papa.unparse({ fields: header, data }, { newline: '\r\n', delimiter: ';' })
  await audit(db, {
    organisationId: caller.organisationId,
    actorKind: 'employee',
    actorId: employeeIdOf(caller),
    event: 'customersSearch',
    data: {
      export: 'csv',
      search: opts.search?.trim() || null,
      salonId: opts.salonId ?? null,
      includeDeleted: !!opts.includeDeleted,
      results: rows.length,
    },
  })
  const filename = `${lang === 'nl' ? 'klanten' : 'customers'}-${new Date().toISOString().slice(0, 10)}.csv`
  return { filename, csv: `\uFEFF${csv}` }
}
