import { z } from 'zod'
import { ZAuditEvent } from './audit'
import { ZLanguage } from './enums'
import { ZOrganisation, ZUpdateOrganisation } from './organisations'
import { ZPayment, ZPlanLimits, ZSubscription, ZUsage } from './subscriptions'
import { zPageQuery } from './validation'
import { ORGANISATION_STATUSES } from './value-lists'

export { ORGANISATION_STATUSES }

/*
 * Issue 23 (research §7 E7): the global administrators' view of the organisations. Every call is
 * `platform.manage` (global admins only).
 */

export const ZOrganisationStatus = z.enum(ORGANISATION_STATUSES)
export type OrganisationStatus = z.infer<typeof ZOrganisationStatus>

/** The plan of the current subscription, as the admin reads it. */
export const ZPlanName = z.object({ id: z.string().uuid(), code: z.string(), nameNl: z.string(), nameEn: z.string() })
export type PlanName = z.infer<typeof ZPlanName>

const text = z.string().trim().max(200)

/** `GET /global/organisations?q=&status=&page=&pageSize=`; q matches name, slug or an employee's e-mail. */
export const ZGlobalOrganisationsQuery = z.object({
  q: text.optional(),
  status: ZOrganisationStatus.optional(),
  ...zPageQuery,
})
export type GlobalOrganisationsQuery = z.infer<typeof ZGlobalOrganisationsQuery>

export const ZGlobalOrganisationRow = z.object({
  id: z.string().uuid(),
  companyName: z.string(),
  legalName: z.string(),
  slug: z.string(),
  /** The first employee's address (the one who signed the organisation up). */
  ownerEmail: z.string().nullable(),
  status: ZOrganisationStatus,
  plan: ZPlanName.nullable(),
  validTo: z.string().nullable(),
  usage: ZUsage,
  limits: ZPlanLimits,
  /** The latest audit entry of the organisation (a sign-in, a change, a sync that wrote). */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
})
export type GlobalOrganisationRow = z.infer<typeof ZGlobalOrganisationRow>

export const ZGlobalOrganisationPage = z.object({
  items: z.array(ZGlobalOrganisationRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type GlobalOrganisationPage = z.infer<typeof ZGlobalOrganisationPage>

export const ZGlobalOrganisationParams = z.object({ id: z.string().uuid() })
export const ZGlobalInvoiceParams = ZGlobalOrganisationParams.extend({ invoiceId: z.string().uuid() })

export const ZGlobalEmployee = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: ZLanguage,
  /** The role names the employee holds (in any branch). */
  roles: z.array(z.string()),
  /** active; invited (no password yet); deactivated (cannot sign in). */
  status: z.enum(['active', 'invited', 'deactivated']),
})
export type GlobalEmployee = z.infer<typeof ZGlobalEmployee>

export const ZGlobalBranch = z.object({ id: z.string().uuid(), name: z.string(), createdAt: z.string() })

export const ZGlobalOrganisationDetail = z.object({
  organisation: ZOrganisation,
  status: ZOrganisationStatus,
  suspension: z.object({ at: z.string(), reason: z.string() }).nullable(),
  deletion: z.object({ at: z.string(), purgeAfter: z.string() }).nullable(),
  subscription: ZSubscription.nullable(),
  plan: ZPlanName.nullable(),
  usage: ZUsage,
  limits: ZPlanLimits,
  lastActivityAt: z.string().nullable(),
  branches: z.array(ZGlobalBranch),
  employees: z.array(ZGlobalEmployee),
  payments: z.array(ZPayment),
})
export type GlobalOrganisationDetail = z.infer<typeof ZGlobalOrganisationDetail>

/**
 * `PUT /global/organisations` (spec name; the body names the organisation): the fields of
 * `PUT /organisations/{org}`, with its rules, that a global admin may correct.
 */
export const ZGlobalUpdateOrganisation = ZUpdateOrganisation.extend({ id: z.string().uuid() })
export type GlobalUpdateOrganisation = z.infer<typeof ZGlobalUpdateOrganisation>

/** Why the organisation is suspended: told to the audit and shown to the global admins. */
export const ZSuspendOrganisation = z.object({ reason: z.string().trim().min(3).max(500) })
export type SuspendOrganisation = z.infer<typeof ZSuspendOrganisation>

/** `DELETE /global/organisations/{id}?confirm=`: the organisation's exact company name. */
export const ZDeleteOrganisationQuery = z.object({ confirm: z.string().max(300) })

/** How long a deleted organisation's data is kept before the purge removes it for good. */
export const ORGANISATION_RETENTION_DAYS = 30

/** `GET /global/audit`: newest first, filtered by organisation, actor, event and date range. */
export const ZGlobalAuditQuery = z.object({
  organisationId: z.string().uuid().optional(),
  actorId: z.string().uuid().optional(),
  actorKind: z.enum(['globalAdmin', 'employee', 'customer', 'system']).optional(),
  event: ZAuditEvent.optional(),
  /** Inclusive ISO date-times (the screen sends the start of its first and the end of its last day). */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  ...zPageQuery,
})
export type GlobalAuditQuery = z.infer<typeof ZGlobalAuditQuery>

export const ZGlobalAuditEntry = z.object({
  id: z.string().uuid(),
  at: z.string(),
  event: z.string(),
  organisation: z.object({ id: z.string().uuid(), name: z.string().nullable() }).nullable(),
  actor: z
    .object({
      kind: z.string(),
      id: z.string().uuid().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  data: z.unknown(),
})
export type GlobalAuditEntry = z.infer<typeof ZGlobalAuditEntry>

/** A page of the audit; `hasMore` instead of a total: counting millions of rows per page is not worth it. */
export const ZGlobalAuditPage = z.object({
  items: z.array(ZGlobalAuditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
})
export type GlobalAuditPage = z.infer<typeof ZGlobalAuditPage>
