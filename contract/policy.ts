import type { EmployeeMe } from './auth'
import { ORGANISATION_PERMISSIONS, type Permission } from './permissions'

/**
 * Who is calling: the one caller type of server, sync feed and client (issue 8 §1).
 *
 * - employee: permissions per branch (roles are organisation-level, granted per branch; spec §6).
 *   `grants` maps a branch id to what the employee holds there; manageSalons is already expanded
 *   to every branch by whoever builds the caller (server: loadCaller; client: from EmployeeMe).
 * - customer: acts for themselves, only in the branches they belong to (`salonIds`).
 * - globalAdmin: the platform's administrators; outside every organisation.
 */
export type Caller =
  | {
      kind: 'employee'
      organisationId: string
      employeeId: string
      grants: ReadonlyMap<string, ReadonlySet<Permission>>
      /**
       * Every live branch of the organisation, where the server knows them (loaded with the
       * grants): a branch outside it is not found, never forbidden (server/auth/caller.ts authorize).
       */
      branches?: ReadonlySet<string>
      /** Set while a global admin acts as this employee (spec §6 impersonation). */
      impersonatedBy: string | null
      /** The device that sent a synced change, when known (conflict log). */
      clientId?: string
      /**
       * When a synced change happened (corrected device time) and was received: set by the sync
       * push for each mutation (server/services/when.ts); absent online, where both are now.
       */
      happened?: HappenedAt
    }
  | {
      kind: 'customer'
      organisationId: string
      customerId: string
      /** The branches the customer belongs to (their only place to act). */
      salonIds: readonly string[]
      clientId?: string
      happened?: HappenedAt
    }
  | { kind: 'globalAdmin'; adminId: string }

/** A synced write's times (ARCHITECTURE "Time"): corrected, received, and the raw device clock. */
export type HappenedAt = { occurredAt: Date; receivedAt: Date; deviceTime: Date | null }

export type EmployeeCaller = Extract<Caller, { kind: 'employee' }>
export type CustomerCaller = Extract<Caller, { kind: 'customer' }>

/**
 * One rule: every group must be satisfied (AND), a group by any one of its permissions (OR).
 * - `level: 'branch'`: the permissions must be held in the branch acted in (and the employee must
 *   hold a role there: `branch([])` is "any role in the branch"); asked without a branch, "in at
 *   least one branch" (what navigation needs: is there anywhere this screen works?).
 * - `level: 'organisation'`: held in any branch counts for the whole organisation.
 * - `customer`: a signed-in customer may do it, for themselves, in a branch they belong to.
 * - `globalAdmin`: the platform's administrators may do it (nobody else).
 */
export type Rule = {
  level: 'branch' | 'organisation'
  needs: readonly (readonly Permission[])[]
  customer?: boolean
  globalAdmin?: boolean
  /** Global admins may do it too, beside the employees the rule names (user manuals' reads). */
  alsoGlobalAdmin?: boolean
}

const branch = (needs: Permission[][], extra: Partial<Rule> = {}): Rule => ({ level: 'branch', needs, ...extra })
const organisation = (needs: Permission[][], extra: Partial<Rule> = {}): Rule => ({
  level: 'organisation',
  needs,
  ...extra,
})

/**
 * The policy table: every action of the product → who may do it. The server's guard, the sync
 * feed and the client's `useCan` read this table and nothing else; the roles screen edits roles
 * against it. Add an action here before using it (the type of `Action` comes from this table).
 */
export const POLICY = {
  // Customers (spec §6 readCustomers / manageCustomers, per branch).
  'customers.read': branch([['readCustomers', 'manageCustomers']]),
  'customers.manage': branch([['manageCustomers']]),
  /** What customers did (submissions, sign-ins, …): readers of customers. */
  'customerActivities.read': branch([['readCustomers', 'manageCustomers']]),
  /**
   * Comments on a customer (issue 10): whoever reads the customer reads and writes them; editing
   * or deleting someone else's comment needs `customers.manage` (the service checks the author).
   */
  'customerComments.read': branch([['readCustomers', 'manageCustomers']]),
  'customerComments.write': branch([['readCustomers', 'manageCustomers']]),
  /** CSV import into a branch: managing customers there (issue 10). */
  'customers.import': branch([['manageCustomers']]),
  /** The customer list as CSV, and one customer's GDPR export: readers of customers. */
  'customers.export': branch([['readCustomers', 'manageCustomers']]),
  /**
   * Hard delete (irreversible): managing customers, in every branch the customer belongs to
   * (the service checks each branch).
   */
  'customers.hardDelete': branch([['manageCustomers']]),
  /** The custom field definitions: every reader of customers needs them to show the values. */
  'customFields.read': organisation([['readCustomers', 'manageCustomers', 'ownOrganisation']]),

  // Questionnaires.
  /** Read questionnaires: staff readers; a customer in their branch (to fill them). */
  'questionnaires.read': branch([['readQuestionnaires', 'manageQuestionnaires']], { customer: true }),
  /**
   * The questionnaires to fill in, in a branch: readers of questionnaires see them as staff do;
   * whoever may only take a submission there (a receptionist handing the tablet over at the
   * kiosk) sees the customer questionnaires exactly as a customer of the branch does (no staff
   * questionnaires, no staff-only questions). REST list/item and the sync feed both follow it.
   */
  'questionnaires.fill': branch([['readQuestionnaires', 'manageQuestionnaires', 'manageCustomers']], {
    customer: true,
  }),
  'questionnaires.manage': branch([['manageQuestionnaires']]),
  'questionnaires.export': branch([['readQuestionnaires', 'manageQuestionnaires']]),
  'questionnaires.send': branch([['manageCustomers', 'manageQuestionnaires']]),
  'shortcuts.create': branch([['readQuestionnaires', 'manageQuestionnaires', 'manageCustomers']]),
  /** The dashboard: a branch's latest questionnaire answers. */
  'dashboard.read': branch([['readQuestionnaires', 'manageQuestionnaires']]),

  // Submissions (a customer: their own).
  'submissions.read': branch([['readQuestionnaires', 'manageQuestionnaires', 'readCustomers', 'manageCustomers']], {
    customer: true,
  }),
  /** Take a submission: fill in as staff, or hand the tablet over (kiosk). */
  'submissions.take': branch([['readQuestionnaires', 'manageCustomers', 'manageQuestionnaires']], { customer: true }),
  'submissions.editAnswer': branch([['manageCustomers', 'manageQuestionnaires']], { customer: true }),
  /** The kiosk: pick a customer of the branch and hand them a questionnaire. */
  'kiosk.use': branch([
    ['readCustomers', 'manageCustomers'],
    ['readQuestionnaires', 'manageCustomers', 'manageQuestionnaires'],
  ]),
  /** Upload an image (answers, question media). */
  'uploads.image': branch([['readQuestionnaires', 'manageQuestionnaires', 'manageCustomers']], { customer: true }),

  // Grow (issue 11; spec §6 readAdvice / manageAdvice, per branch).
  /** A branch's Grow modules, groups and conditions (the Grow screens; the replica). */
  'advice.read': branch([['readAdvice', 'manageAdvice']]),
  'advice.manage': branch([['manageAdvice']]),
  /**
   * The advice a customer's answers choose: staff who read advice (the customer card shows it
   * with "why"), and the customer themselves (their area).
   */
  'customerAdvice.read': branch([['readAdvice', 'manageAdvice']], { customer: true }),
  /** Tell a customer their advice is ready (e-mail, WhatsApp or in-app). */
  'advice.notify': branch([['manageAdvice', 'manageCustomers']]),
  /** Upload a Grow module's audio recording, or a training's audio segment (issue 24). */
  'uploads.audio': branch([['manageAdvice', 'manageTrainings']]),

  // The customer card (issue 11): its layout per branch, and the skin analysis.
  /** The branch's card layout: everyone who reads customers there (the card follows it). */
  'dashboardConfiguration.read': branch([['readCustomers', 'manageCustomers']]),
  /** Change the card layout of a branch: managing branches (or the organisation). */
  'dashboardConfiguration.manage': branch([['manageSalons', 'ownOrganisation']]),
  'skinAnalysis.read': branch([['readCustomers', 'manageCustomers']]),
  /** Record a skin analysis (append-only; each save is kept as history). */
  'skinAnalysis.write': branch([['manageCustomers']]),

  // Documents sent to customers (issue 12), per branch of the customer.
  /**
   * A customer's documents with their status and evidence: readers of customers; the customer
   * themselves (their area, GET …/customers/me/documents).
   */
  'customerDocuments.read': branch([['readCustomers', 'manageCustomers']], { customer: true }),
  /** Send a document or consent form to customers, or hand one over on the tablet. */
  'customerDocuments.send': branch([['manageCustomers', 'manageDocuments']]),
  /** Remove a sent document (never an accepted consent form). */
  'customerDocuments.delete': branch([['manageCustomers', 'manageDocuments']]),
  /**
   * Open (seen), accept or decline: the customer on their own device, or on the salon's tablet
   * handed over by staff who may hand documents over there.
   */
  'customerDocuments.respond': branch([['manageCustomers', 'manageDocuments']], { customer: true }),

  // Employees (spec §6 readEmployees / manageEmployees, per branch).
  'employees.read': branch([['readEmployees', 'manageEmployees']]),
  'employees.manage': branch([['manageEmployees']]),
  /** The employee activity log: readers of employees, for the employees they may read. */
  'employeeActivities.read': branch([['readEmployees', 'manageEmployees']]),

  /**
   * A branch's replica (the sync feed and push): whoever holds a role in the branch, whatever it
   * grants. What the replica then holds is decided per entity by that entity's own read action
   * (server/services/sync/README.md); losing the role is losing the replica (issue 9).
   */
  'replica.sync': branch([]),

  // Every employee of the organisation (issue 8 §1, added by the server's permission test).
  /** The branch list: every employee; each sees the branches they hold a role in (all with salons.readAll). */
  'salons.read': organisation([]),
  /** An employee's own account: who am I, language, kiosk PIN. */
  'account.manage': organisation([]),
  /** The default texts of messages (the send dialog shows them). */
  'messageTemplates.read': organisation([]),

  // Organisation level.
  'organisation.manage': organisation([['ownOrganisation']]),
  /** Define the organisation's custom customer fields (the custom fields screen). */
  'customFields.manage': organisation([['ownOrganisation']]),
  /**
   * What a signed-in customer's screens need of their salon (name, logo, languages): every
   * employee and every customer of the organisation.
   */
  'organisation.customerSettings': organisation([], { customer: true }),
  /** Every branch of the organisation with its counts (the branches screen). */
  'salons.readAll': organisation([['readSalons', 'manageSalons']]),
  'salons.manage': organisation([['manageSalons']]),
  /** The organisation's roles: who edits them, and who assigns them to employees. */
  'roles.read': organisation([['managePermissions', 'readEmployees', 'manageEmployees']]),
  'roles.manage': organisation([['managePermissions']]),
  /** Whether the organisation works fully or read-only, and its plan's features: every employee needs it. */
  'subscription.access': organisation([]),
  'subscription.read': organisation([['readSubscription', 'manageSubscription']]),
  'subscription.manage': organisation([['manageSubscription']]),
  /** Issue 24: the organisation's trainings (Blueprint): every employee reads those shown to their roles. */
  'trainings.read': organisation([]),
  /** Write the organisation's trainings, and read every one of them whatever its roles. */
  'trainings.manage': organisation([['manageTrainings']]),
  /** Issue 24: the platform's user manuals: every employee reads them, and the global admins who write them. */
  'userManuals.read': organisation([], { alsoGlobalAdmin: true }),
  /** Create documents and consent forms, and write their new versions (spec §6 manageDocuments). */
  'documents.manage': organisation([['manageDocuments']]),
  /**
   * The organisation's documents and their versions: who manages them, and who sends them to
   * customers (the send dialog lists them; the replica holds them for the tablet's hand-over).
   */
  'documents.read': organisation([['manageDocuments', 'readCustomers', 'manageCustomers']]),
  /** Upload a PDF information document. */
  'uploads.pdf': organisation([['manageDocuments', 'manageTrainings']]),

  // Platform.
  'platform.manage': { level: 'organisation', needs: [], globalAdmin: true },
} as const satisfies Record<string, Rule>

export type Action = keyof typeof POLICY
export const ACTIONS = Object.keys(POLICY) as Action[]

const ORG_LEVEL = new Set<Permission>(ORGANISATION_PERMISSIONS)

/** Everything the employee holds in any branch. */
function held(caller: EmployeeCaller): Set<Permission> {
  const all = new Set<Permission>()
  for (const set of caller.grants.values()) for (const p of set) all.add(p)
  return all
}

function satisfies(rule: Rule, perms: ReadonlySet<Permission>, orgWide: ReadonlySet<Permission>): boolean {
  // Organisation-level permissions count in every branch, wherever they were granted.
  return rule.needs.every((group) => group.some((p) => perms.has(p) || (ORG_LEVEL.has(p) && orgWide.has(p))))
}

/**
 * May `caller` do `action` (in branch `salonId`)? Pure: no database, same answer on server and
 * client. Without a branch, a branch-level action asks "in at least one branch". Tenancy (the
 * organisation of the path) is the guard's job, before this is asked.
 */
export function allows(caller: Caller | null | undefined, action: Action, salonId?: string): boolean {
  if (!caller) return false
  const rule: Rule = POLICY[action]
  if (caller.kind === 'globalAdmin') return rule.globalAdmin === true || rule.alsoGlobalAdmin === true
  if (rule.globalAdmin) return false
  if (caller.kind === 'customer') {
    if (!rule.customer) return false
    return salonId === undefined ? caller.salonIds.length > 0 : caller.salonIds.includes(salonId)
  }
  const orgWide = held(caller)
  if (rule.level === 'organisation') return satisfies(rule, orgWide, orgWide)
  if (salonId !== undefined) {
    // A branch-level action needs a role in that branch (`branch([])`: any role will do).
    const here = caller.grants.get(salonId)
    return here !== undefined && satisfies(rule, here, orgWide)
  }
  return [...caller.grants.values()].some((perms) => satisfies(rule, perms, orgWide))
}

/** The branches in which `caller` may do `action` (a customer: their own branches). */
export function branchesFor(caller: Caller | null | undefined, action: Action): string[] {
  if (!caller || caller.kind === 'globalAdmin') return []
  if (caller.kind === 'customer') return (POLICY[action] as Rule).customer ? [...caller.salonIds] : []
  return [...caller.grants.keys()].filter((id) => allows(caller, action, id))
}

/**
 * The grants that follow from an employee's roles per branch (what the server loads for every
 * request, and what the drawer works out offline): spec §6, manageSalons means all branches —
 * every branch of `allSalonIds` (also those created after the grant) gets everything held.
 */
export function expandGrants(
  perBranch: ReadonlyMap<string, ReadonlySet<Permission>>,
  allSalonIds: readonly string[],
): Map<string, Set<Permission>> {
  const grants = new Map([...perBranch].map(([id, set]) => [id, new Set(set)]))
  const union = new Set([...perBranch.values()].flatMap((s) => [...s]))
  if (union.has('manageSalons'))
    for (const id of new Set([...allSalonIds, ...perBranch.keys()])) grants.set(id, new Set(union))
  return grants
}

/**
 * May `caller` grant a role with these `permissions` in branch `salonId` (the escalation guard,
 * issue 9)? With managePermissions any role; otherwise only one whose every permission the caller
 * holds there (organisation-level ones: anywhere). The server refuses the rest with
 * ROLE_NOT_ASSIGNABLE; the employee drawer offers only what this allows.
 */
export function canAssign(caller: EmployeeCaller, permissions: readonly Permission[], salonId: string): boolean {
  if (allows(caller, 'roles.manage')) return true
  const here = caller.grants.get(salonId) ?? new Set<Permission>()
  const anywhere = held(caller)
  return permissions.every((p) => (ORG_LEVEL.has(p) ? anywhere.has(p) : here.has(p)))
}

/** The permissions an action asks for, for a 403's `details.permission` (the first named). */
export const permissionFor = (action: Action): Permission | undefined => (POLICY[action] as Rule).needs[0]?.[0]

/** The client's caller: built from the signed-in employee (EmployeeMe is per-branch already). */
export function employeeCaller(me: EmployeeMe): EmployeeCaller {
  return {
    kind: 'employee',
    organisationId: me.organisationId,
    employeeId: me.id,
    grants: new Map(me.salons.map((s) => [s.salonId, new Set(s.permissions as Permission[])])),
    impersonatedBy: (me as { impersonatedBy?: string | null }).impersonatedBy ?? null,
  }
}
