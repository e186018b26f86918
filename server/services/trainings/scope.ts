import { and, eq, isNull, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { allows, type Caller } from '../../../contract/policy'
import type { CourseKind } from '../../../contract/trainings'
import { authorize, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'

/*
 * Whose courses a call is about (issue 24): an organisation's trainings (tenant-scoped through
 * server/scope.ts `tenant`, so another organisation's id is simply not found) or the platform's
 * user manuals and paid courses (no organisation). One service serves both; the scope says which rows and rights.
 */
export type CourseScope =
  | { kind: 'training'; caller: TenantCaller }
  | { kind: 'manual'; caller: Caller }
  | { kind: 'paid'; caller: Caller }

export const trainingScope = (caller: TenantCaller): CourseScope => ({ kind: 'training', caller })
export const manualScope = (caller: Caller): CourseScope => ({ kind: 'manual', caller })
/** The platform's paid courses: written by global admins, read by the organisations' employees. */
export const paidScope = (caller: Caller): CourseScope => ({ kind: 'paid', caller })

/** The organisation the rows belong to (null: the platform's). */
export const ownerOf = (scope: CourseScope): string | null =>
  scope.kind === 'training' ? scope.caller.organisationId : null

export const courseKindOf = (scope: CourseScope): CourseKind => scope.kind

/** Rows of this scope (not deleted), plus `more`. */
export function inScope(
  table: { organisationId: PgColumn; deletedAt: PgColumn },
  scope: CourseScope,
  ...more: (SQL | undefined)[]
): SQL {
  const live = isNull(table.deletedAt)
  if (scope.kind === 'training') return tenant(table, scope.caller, live, ...more)
  return and(isNull(table.organisationId), live, ...more) as SQL
}

/** A course row of this scope's kind. */
export const ofKind = (table: { kind: PgColumn }, scope: CourseScope) => eq(table.kind, courseKindOf(scope))

/** Writers: manageTrainings in the organisation; a global admin for manuals and paid courses. */
export function authorizeWrite(scope: CourseScope) {
  authorize(scope.caller, scope.kind === 'training' ? 'trainings.manage' : 'platform.manage')
}

/**
 * Whether the caller reads every course of the scope whole (no role filter, no sequential lock):
 * the writers, who edit them.
 */
export const isWriter = (scope: CourseScope) =>
  scope.kind === 'training' ? allows(scope.caller, 'trainings.manage') : scope.caller.kind === 'globalAdmin'
