import { eq, type InferSelectModel } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Caller } from '../../../contract/policy'
import type { Db } from '../../db/client'
import * as schema from '../../db/schema'
import { audit } from '../audit'
import { toOrganisation } from '../organisations/find'
import { adminIdOf, organisationById } from './detail'

/*
 * Issue 23: everything of an organisation as one JSON file, for the global admin to download
 * before deleting it (and to hand to the organisation on request). One array per table, the rows
 * as stored; secrets (password, PIN hashes and verifiers) are left out. Stored files (logo,
 * photos, PDFs) are named by their storage keys, not included.
 */

type TenantTable = PgTable & { organisationId: PgColumn }

/** The organisation's tables, by the name each has in the file. */
const TABLES = {
  branches: schema.salons,
  employees: schema.employees,
  roles: schema.roles,
  employeeBranchRoles: schema.employeeSalonRoles,
  customFields: schema.customFields,
  customers: schema.customers,
  customerComments: schema.customerComments,
  customerActivities: schema.customerActivities,
  questionnaires: schema.questionnaires,
  questionnaireSubmissions: schema.questionnaireSubmissions,
  shortcuts: schema.shortcuts,
  documents: schema.documents,
  documentVersions: schema.documentVersions,
  customerDocuments: schema.customerDocuments,
  consentEvidence: schema.consentEvidence,
  adviceGroups: schema.adviceGroups,
  adviceConditions: schema.adviceConditions,
  advices: schema.advices,
  dashboardConfigurations: schema.dashboardConfigurations,
  skinAnalyses: schema.skinAnalyses,
  subscriptions: schema.subscriptions,
  payments: schema.payments,
  invoices: schema.invoices,
} satisfies Record<string, TenantTable>

/** Columns never exported: what signs someone in. */
const SECRET = /hash|verifier/i

const withoutSecrets = (row: InferSelectModel<TenantTable>) =>
  Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([k]) => !SECRET.test(k)))

/** The file's content and name (`<slug>-<yyyy-mm-dd>.json`); audited as organisationExport. */
export async function exportOrganisation(opts: { db: Db; caller: Caller; id: string }) {
  const adminId = adminIdOf(opts.caller)
  const { db, id } = opts
  const org = await organisationById(db, id)
  const tables: Record<string, unknown[]> = {}
  for (const [name, table] of Object.entries(TABLES) as [string, TenantTable][]) {
    const rows = await db.select().from(table).where(eq(table.organisationId, id))
    tables[name] = rows.map(withoutSecrets)
  }
  await audit(db, { organisationId: id, actorKind: 'globalAdmin', actorId: adminId, event: 'organisationExport' })
  const now = new Date()
  return {
    filename: `${org.slug}-${now.toISOString().slice(0, 10)}.json`,
    body: JSON.stringify(
      {
        exportedAt: now.toISOString(),
        organisation: {
          ...toOrganisation(org),
          suspendedAt: org.suspendedAt,
          suspendedReason: org.suspendedReason,
          deletedAt: org.deletedAt,
        },
        ...tables,
      },
      null,
      2,
    ),
  }
}
