import { asc, eq, gt, gte } from 'drizzle-orm'
import {
  type CardQuestionnaire,
  completeConfig,
  type DashboardConfig,
  type DashboardConfigurationRead,
  dashboardProblems,
  defaultDashboardConfig,
  ZDashboardConfig,
} from '../../../contract/dashboard'
import type { ZQuestionGroup, QuestionType } from '../../../contract/questionnaires/questions'
import type { z } from 'zod'
import { authorizeInBranch, employeeIdOf, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { dashboardConfigurations, questionnaires } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { fieldError, validationError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { liveCustomFields } from '../custom-fields/read'

/*
 * A branch's customer card configuration (issue 11). One row per branch whose id is the branch's
 * id (so the synced row, the REST answer and the default share it); no row answers the provider's
 * default, built from the organisation's questionnaires (contract defaultDashboardConfig).
 */

type Row = typeof dashboardConfigurations.$inferSelect

/** The organisation's live questionnaires as the card checks elements against them. */
export async function cardQuestionnaires(db: DbOrTx, scope: { organisationId: string }): Promise<CardQuestionnaire[]> {
  const rows = await db
    .select({ id: questionnaires.id, name: questionnaires.name, questions: questionnaires.questions })
    .from(questionnaires)
    .where(tenant(questionnaires, scope, notDeleted(questionnaires)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    questions: (r.questions as { id: string; name: string; type: QuestionType; group?: string | null }[]).map((q) => ({
      id: q.id,
      name: q.name,
      type: q.type,
      group: (q.group ?? null) as z.infer<typeof ZQuestionGroup> | null,
    })),
  }))
}

/** A stored config as the contract reads it (a kind added later appears switched off). */
const configOf = (r: Row): DashboardConfig => completeConfig(ZDashboardConfig.parse(r.config))

export const toDashboardConfiguration = (r: Row) => ({
  id: r.id,
  salonId: r.salonId,
  config: configOf(r),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
})

async function read(db: DbOrTx, caller: TenantCaller, salonId: string): Promise<DashboardConfigurationRead> {
  const [row] = await db
    .select()
    .from(dashboardConfigurations)
    .where(tenant(dashboardConfigurations, caller, eq(dashboardConfigurations.salonId, salonId)))
  const qs = await cardQuestionnaires(db, caller)
  const fields = new Set((await liveCustomFields(db, caller)).map((f) => f.id))
  if (!row)
    return {
      id: salonId,
      salonId,
      config: defaultDashboardConfig(qs),
      updatedAt: null,
      version: 0,
      isDefault: true,
      problems: [],
    }
  const stored = toDashboardConfiguration(row)
  return { ...stored, isDefault: false, problems: dashboardProblems(stored.config, qs, fields) }
}

/** GET …/dashboard-configurations: the branch's card (or the default), with stale elements flagged. */
export async function getDashboardConfiguration(opts: { db: DbOrTx; caller: TenantCaller; salonId: string }) {
  await authorizeInBranch(opts.db, opts.caller, 'dashboardConfiguration.read', opts.salonId)
  return read(opts.db, opts.caller, opts.salonId)
}

/**
 * POST …/dashboard-configurations: replaces the branch's card. Elements pointing to a question
 * that is gone (or of another group than the module's) or to a removed custom field are refused
 * with the element's path. A new version so every replica of the branch pulls it. Audit
 * dashboardConfigurationUpdate (the kinds switched on, never customer data).
 */
export async function saveDashboardConfiguration(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  config: DashboardConfig
}): Promise<DashboardConfigurationRead> {
  const { db, caller, salonId } = opts
  await authorizeInBranch(db, caller, 'dashboardConfiguration.manage', salonId)
  const config = completeConfig(opts.config)
  const qs = await cardQuestionnaires(db, caller)
  const fields = new Set((await liveCustomFields(db, caller)).map((f) => f.id))
  const problems = dashboardProblems(config, qs, fields)
  if (problems.length)
    throw validationError(
      problems.map((p) => {
        const i = config.modules.findIndex((m) => m.kind === p.kind)
        const j = config.modules[i].elements.findIndex((e) => e.id === p.elementId)
        return fieldError(`config.modules.${i}.elements.${j}.source`, p.code)
      }),
    )
  return db.transaction(async (tx) => {
    const version = await nextVersion(tx, caller.organisationId)
    const now = new Date()
    await tx
      .insert(dashboardConfigurations)
      .values({
        id: salonId,
        organisationId: caller.organisationId,
        salonId,
        config: config as unknown as Record<string, unknown>,
        updatedBy: employeeIdOf(caller),
        version,
      })
      .onConflictDoUpdate({
        target: dashboardConfigurations.salonId,
        set: {
          config: config as unknown as Record<string, unknown>,
          updatedBy: employeeIdOf(caller),
          version,
          updatedAt: now,
        },
      })
    await auditEmployee(tx, caller, {
      event: 'dashboardConfigurationUpdate',
      salonId,
      data: { enabled: config.modules.filter((m) => m.enabled).map((m) => m.kind) },
    })
    return read(tx, caller, salonId)
  })
}

/** The feed: this branch's stored configuration when it changed after `since`. */
export async function changedDashboardConfigurations(
  db: DbOrTx,
  caller: { organisationId: string },
  salonId: string,
  since: number,
  limit: number,
) {
  return db
    .select()
    .from(dashboardConfigurations)
    .where(
      tenant(
        dashboardConfigurations,
        caller,
        eq(dashboardConfigurations.salonId, salonId),
        since === 0 ? gte(dashboardConfigurations.version, 0) : gt(dashboardConfigurations.version, since),
      ),
    )
    .orderBy(asc(dashboardConfigurations.version))
    .limit(limit)
}
