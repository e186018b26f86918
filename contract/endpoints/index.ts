import { advice, customerAdvice } from './advice'
import { auth } from './auth'
import { customerComments } from './comments'
import { customers } from './customers'
import { customFields } from './custom-fields'
import { customerImports } from './customer-imports'
import { dashboardConfigurations, skinAnalyses } from './customer-card'
import type { EndpointSpec } from './define'
import { dev } from './dev'
import { consentEvidence, customerDocuments, documentResponses, documents } from './documents'
import { employees } from './employees'
import { globalAudit, globalOrganisations } from './global'
import { globalDiscountCodes, globalSubscriptions } from './global-billing'
import { health } from './health'
import { organisations } from './organisations'
import { globalPaidCourses, paidCourses } from './paid-courses'
import { questionnaires, shortcuts } from './questionnaires'
import { roles } from './roles'
import { salons } from './salons'
import { submissions } from './submissions'
import { checkout, subscriptions } from './subscriptions'
import { sync } from './sync'
import { certificates, trainings } from './trainings'
import { globalUploads, uploads } from './uploads'
import { userManuals } from './user-manuals'
import { whatsappCredits } from './whatsapp-credits'

export * from './define'
export * from './params'
export * from './operation'

/**
 * Every endpoint of /api, by resource: `API.customers.get`, `API.sync.push`, … The server
 * registers each one (server/routes), the client calls them through src/api/request.ts.
 */
export const API = {
  health,
  auth,
  organisations,
  salons,
  employees,
  roles,
  customers,
  sync,
  questionnaires,
  shortcuts,
  submissions,
  uploads,
  globalUploads,
  dev,
  customerComments,
  customFields,
  customerImports,
  customerAdvice,
  advice,
  dashboardConfigurations,
  skinAnalyses,
  documents,
  consentEvidence,
  documentResponses,
  customerDocuments,
  subscriptions,
  whatsappCredits,
  globalSubscriptions,
  globalDiscountCodes,
  checkout,
  globalOrganisations,
  globalAudit,
  trainings,
  userManuals,
  globalPaidCourses,
  paidCourses,
  certificates,
} as const

/** The flat list (one entry per route; method + path unique). */
export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API).flatMap((group) =>
  Object.values(group as Record<string, EndpointSpec>),
)

const NAMES = new Map<EndpointSpec, string>(
  Object.entries(API).flatMap(([resource, group]) =>
    Object.entries(group as Record<string, EndpointSpec>).map(([name, e]) => [e, `${resource}.${name}`] as const),
  ),
)

/** The name of a definition as the client calls it: `API.customers.create` → `customers.create`. */
export function endpointName(e: EndpointSpec): string {
  const name = NAMES.get(e)
  if (!name) throw new Error(`not a definition of API: ${e.method} ${e.path}`)
  return name
}

export {
  advice,
  auth,
  customerAdvice,
  customerComments,
  customerImports,
  customers,
  customFields,
  dev,
  employees,
  health,
  organisations,
  questionnaires,
  roles,
  salons,
  shortcuts,
  submissions,
  sync,
  uploads,
  dashboardConfigurations,
  skinAnalyses,
  documents,
  consentEvidence,
  documentResponses,
  customerDocuments,
  subscriptions,
  globalSubscriptions,
  globalDiscountCodes,
  checkout,
  globalOrganisations,
  globalAudit,
}
