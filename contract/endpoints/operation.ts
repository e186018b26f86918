import { type Action, POLICY, type Rule } from '../policy'
import { featuresOf } from '../subscriptions'
import { blockedWhileImpersonating, type EndpointSpec } from './define'

/*
 * Issue 21 #14: what OpenAPI says about each operation, generated from its definition so a new
 * endpoint gets it for free: `operationId` (the definition's name, `customers.create`), a
 * `summary` (the definition's own, else made from that name), and who may call it
 * (`x-permissions`, from the policy table through the definition's `action`, and the same in words
 * in `description`), so an integrator sees who may call what.
 */

/** Who may call, as the policy table says it (`action: null`: no policy action, see `who`). */
export type OperationPermissions = {
  action: Action | null
  /** Where the permissions count: in the branch acted in, or anywhere in the organisation. */
  level?: Rule['level']
  /** Every group must be held (AND), a group by any one of its permissions (OR). */
  needs: (readonly string[])[]
  /** A signed-in customer may call it for themselves, in their own branches. */
  customer: boolean
  globalAdmin: boolean
  public: boolean
  /** The same in words. */
  who: string
}

/** `lookupEmail` → `lookup email`, `customerDocuments` → `customer documents`. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** `customers.lookupEmail` → `Customers: lookup email`. */
export const summaryOf = (name: string) => {
  const [resource, operation] = name.split('.')
  return `${capital(words(resource))}: ${words(operation)}`
}

/** Who may call an endpoint, from its definition's action and the policy table. */
export function permissionsOf(e: EndpointSpec): OperationPermissions {
  const none = { action: null, needs: [], customer: false, globalAdmin: false }
  if (e.public) return { ...none, public: true, who: 'Anyone: no session needed.' }
  if (!e.action) {
    const who =
      e.permissionNote ??
      (e.path.includes(':org')
        ? 'The signed-in customer, for themselves.'
        : 'Any signed-in user, about their own session.')
    return { ...none, customer: e.path.includes('/customers/me'), public: false, who }
  }
  const rule: Rule = POLICY[e.action]
  const needs = rule.needs.map((group) => [...group])
  const held = needs.length
    ? needs.map((group) => group.join(' or ')).join(', and ')
    : rule.level === 'branch'
      ? 'any role'
      : 'nothing more'
  const where = rule.level === 'branch' ? ' in the branch acted in' : ' in any branch of the organisation'
  const who = rule.globalAdmin
    ? 'Global administrators only.'
    : `Employees holding ${held}${where}${rule.customer ? '; a signed-in customer for themselves, in their own branches' : ''}.`
  return {
    action: e.action,
    level: rule.level,
    needs,
    customer: Boolean(rule.customer),
    globalAdmin: Boolean(rule.globalAdmin),
    public: false,
    who: `${who} (policy action \`${e.action}\`)`,
  }
}

/** The OpenAPI fields of one operation, named `name` (`customers.create`). */
export function operationOf(name: string, e: EndpointSpec) {
  const permissions = permissionsOf(e)
  // Issue 22: a write of a feature the organisation's plan may not include.
  const plan = e.feature
    ? ` Needs the plan feature ${featuresOf(e.feature)
        .map((f) => `\`${f}\``)
        .join(' or ')}: outside the organisation's plan it answers FEATURE_NOT_IN_PLAN (402).`
    : ''
  // Issue 23: what a global admin acting as an employee may not call.
  const impersonation = e.public ? undefined : impersonationOf(e)
  const refused = impersonation
    ? impersonation === 'blocked'
      ? ' Not while impersonating: a global admin acting as an employee is answered IMPERSONATION_FORBIDDEN (403).'
      : " Not on one's own row while impersonating: IMPERSONATION_FORBIDDEN (403)."
    : ''
  return {
    operationId: name,
    summary: e.summary ?? summaryOf(name),
    description: `Who may call: ${permissions.who}${plan}${refused}`,
    'x-permissions': permissions,
    ...(e.feature ? { 'x-plan-feature': e.feature } : {}),
    ...(impersonation ? { 'x-impersonation': impersonation } : {}),
  }
}

/** How an impersonation session is refused an endpoint: always, on its own row, or not at all. */
export function impersonationOf(e: EndpointSpec): 'blocked' | 'blockedOnSelf' | undefined {
  if (e.impersonation === 'blockedOnSelf') return 'blockedOnSelf'
  return blockedWhileImpersonating(e) ? 'blocked' : undefined
}
