import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { KioskVerifier } from '../../contract/kiosk'
import type {
  InvoiceLine,
  InvoiceParty,
  PaymentKind,
  PaymentStatus,
  PlanFeature,
  PriceBreakdown,
  SubscriptionPeriod,
  SubscriptionStatus,
  VatDecision,
} from '../../contract/subscriptions'
import type { CreditReason, CreditSource, MessageCategory } from '../../contract/whatsapp-credits'

/*
 * Every tenant row carries organisation_id; salon-scoped rows also salon_id. Synced tables carry
 * `version` (from organisations.version_counter, bumped in the same transaction as the write)
 * and `deleted_at` (tombstone) so the changes feed can hand out rows in commit order.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const created = () => ts('created_at').notNull().defaultNow()
/**
 * When the server received the write that made a record (ARCHITECTURE "Time"). The record's own
 * date column (submitted_at, created_at, …) holds when it happened: for work done offline the
 * device's time corrected by its offset (server/services/when.ts), never later than this.
 */
const received = () => ts('received_at').notNull().defaultNow()
const version = () => bigint('version', { mode: 'number' }).notNull().default(0)

/** The organisation a tenant row belongs to; removing the organisation removes the row. */
const organisationRef = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' })

/**
 * The columns every synced table carries (server/services/sync/README.md): the row's id (the
 * client makes it for rows created offline), its organisation and its sync `version`. Spread
 * first into the table's columns.
 */
const synced = () => ({ id: uuid('id').primaryKey(), organisationId: organisationRef(), version: version() })

/** A synced table whose rows can be removed: `deleted_at` is the tombstone replicas learn of. */
const syncedRemovable = () => ({ ...synced(), deletedAt: ts('deleted_at') })

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    companyName: text('company_name').notNull(),
    slug: text('slug').notNull(),
    vatNumber: text('vat_number').notNull(),
    invoiceLanguage: text('invoice_language').notNull(),
    country: text('country').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    contactPerson: text('contact_person').notNull(),
    /** Storage key of the salon's logo (shown in navigation, customer screens and e-mails). */
    logoKey: text('logo_key'),
    /** Per-organisation sync counter; every synced write takes the next value. */
    versionCounter: bigint('version_counter', { mode: 'number' }).notNull().default(0),
    /** Oldest cursor the changes feed can still serve without a reset (tombstone horizon). */
    syncFloor: bigint('sync_floor', { mode: 'number' }).notNull().default(0),
    /**
     * The WhatsApp credit balance: the sum of whatsapp_credit_transactions, kept here by the
     * transaction that appends each row, so that a send takes its credit with one conditional
     * update (services/whatsapp-credits/ledger.ts). Never below zero (check of migration 0021).
     */
    whatsappCredits: integer('whatsapp_credits').notNull().default(0),
    /** The owner was mailed that the balance went below the threshold; a top-up re-arms it. */
    whatsappLowNotified: boolean('whatsapp_low_notified').notNull().default(false),
    /** The payment provider's customer (Mollie cst_…), made at the first purchase. */
    paymentCustomerId: text('payment_customer_id'),
    /**
     * When the owner proved their e-mail address (issue 21 #16). Until then the organisation may
     * not e-mail or WhatsApp customers nor invite employees (services/messaging/gate.ts).
     */
    emailConfirmedAt: ts('email_confirmed_at'),
    /**
     * Issue 23: suspended by a global admin (with the reason they gave): read-only exactly like an
     * expired subscription (services/billing/entitlements.ts) until reactivated.
     */
    suspendedAt: ts('suspended_at'),
    suspendedReason: text('suspended_reason'),
    /**
     * Issue 23: deleted by a global admin. From then on it is gone for its users (lookups, sign-ins
     * and sessions treat it as missing); its rows stay until `purge_after`, then the purge job
     * removes the organisation and everything of it (services/global-organisations/purge.ts).
     */
    deletedAt: ts('deleted_at'),
    purgeAfter: ts('purge_after'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organisations_slug_uq').on(t.slug),
    uniqueIndex('organisations_company_name_uq').on(sql`lower(${t.companyName})`),
    index('organisations_purge_idx').on(t.purgeAfter).where(sql`${t.purgeAfter} is not null`),
  ],
)

/** Earlier web addresses: old links keep working (they redirect to the current slug). */
export const organisationSlugs = pgTable('organisation_slugs', {
  slug: text('slug').primaryKey(),
  organisationId: organisationRef(),
  createdAt: created(),
})

export const salons = pgTable(
  'salons',
  {
    ...syncedRemovable(),
    name: text('name').notNull(),
    createdAt: created(),
  },
  (t) => [index('salons_org_idx').on(t.organisationId, t.version)],
)

export const employees = pgTable(
  'employees',
  {
    ...syncedRemovable(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Globally unique: one person signs in at /admin without naming the organisation. */
    email: text('email').notNull(),
    /** Null while invited: the employee sets it through the invitation link. */
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('nl'),
    /** Deactivated: cannot sign in, sessions ended; history kept (issue 9). */
    deactivatedAt: ts('deactivated_at'),
    /** Kiosk hand-back PIN (issue 3): scrypt like passwords; checked online. */
    kioskPinHash: text('kiosk_pin_hash'),
    /** The same PIN as a PBKDF2 verifier for the employee's own tablet to check offline. */
    kioskPinVerifier: jsonb('kiosk_pin_verifier').$type<KioskVerifier>(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('employees_email_uq').on(t.email), index('employees_org_idx').on(t.organisationId)],
)

export const roles = pgTable(
  'roles',
  {
    /** Synced: roles are read from the replica. */
    ...synced(),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdAt: created(),
  },
  (t) => [index('roles_org_idx').on(t.organisationId)],
)

/** Spec §6: roles are organisation-level and granted per branch. */
export const employeeSalonRoles = pgTable(
  'employee_salon_roles',
  {
    organisationId: organisationRef(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.salonId, t.roleId] }), index('esr_salon_idx').on(t.salonId)],
)

export const customers = pgTable(
  'customers',
  {
    /** `deleted_at`: the tombstone of a hard delete, kept so replicas learn of the removal. */
    ...syncedRemovable(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender').notNull().default('undefined'),
    phoneNumber: text('phone_number'),
    alternatePhoneNumber: text('alternate_phone_number'),
    address: text('address'),
    city: text('city'),
    zipCode: text('zip_code'),
    notes: text('notes'),
    /** Assigned branches. */
    salonIds: uuid('salon_ids').array().notNull(),
    defaultMessagingType: text('default_messaging_type').notNull().default('email'),
    allowedMessagingTypes: jsonb('allowed_messaging_types').$type<string[]>().notNull(),
    /** Spec §4: soft delete (include-deleted filter). */
    deleted: boolean('deleted').notNull().default(false),
    /**
     * Values of the organisation's custom fields (`custom_fields`), keyed by property name:
     * text, number, ISO date, boolean or one of the options. Issue 10.
     */
    /**
     * The customer's own language (en or nl), set when they choose one in their area; mails to
     * them use it, and the organisation's language while it is empty.
     */
    language: text('language'),
    customValues: jsonb('custom_values').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** The CSV import that created this customer (undo removes exactly these). */
    importId: uuid('import_id'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Lower-cased "first last", e-mail and phone, one per line: what customer search matches
     * (LIKE is much cheaper than ILIKE on UTF-8 text; a trigram index backs it, see migrations
     * 0001/0002).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || E'\\n' || email || E'\\n' || coalesce(phone_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('customers_org_email_uq').on(t.organisationId, t.email),
    index('customers_org_version_idx').on(t.organisationId, t.version),
    // List order: last name, first name, case-insensitively (as the replica sorts), id as tie-break.
    index('customers_org_sort_idx').on(t.organisationId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // A small pending list (migration 0030_search_pending_list, as the trigram index there).
    index('customers_salons_gin').using('gin', t.salonIds).with({ gin_pending_list_limit: 64 }),
    index('customers_import_idx').on(t.organisationId, t.importId).where(sql`import_id is not null`),
    // customers_org_list_idx (the list's covering index, with INCLUDE) is written by hand in
    // migration 0025_customers_list_idx: Drizzle's index builder has no INCLUDE.
  ],
)

/**
 * Staff comments on a customer (spec "Customer comments"; issue 10). Synced: the client makes the
 * id (append-only create), `deleted_at` is the tombstone. `salon_id` is the branch it was written
 * in; the comment follows its customer to every branch the customer belongs to.
 */
export const customerComments = pgTable(
  'customer_comments',
  {
    ...syncedRemovable(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id').notNull(),
    /** The author; null once the author's account is gone (the name stays in author_name). */
    employeeId: uuid('employee_id'),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    /** Set when the text was changed after writing ("edited"); corrected like created_at. */
    editedAt: ts('edited_at'),
    /** When it was written: on a device offline, its time corrected by its offset. */
    createdAt: created(),
    /** When the server received the latest write (create or edit). */
    receivedAt: received(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_comments_org_version_idx').on(t.organisationId, t.version),
    index('customer_comments_customer_idx').on(t.customerId, t.createdAt),
  ],
)

/**
 * The organisation's own customer fields (spec "custom fields" screen; issue 10). Values live in
 * `customers.custom_values` under `property_name`, which is why it is stable once values exist.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    ...syncedRemovable(),
    displayName: text('display_name').notNull(),
    propertyName: text('property_name').notNull(),
    /** 'text' | 'number' | 'date' | 'boolean' | 'option' (contract/custom-fields.ts). */
    type: text('type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('custom_fields_org_version_idx').on(t.organisationId, t.version),
    uniqueIndex('custom_fields_org_property_uq').on(t.organisationId, t.propertyName).where(sql`deleted_at is null`),
  ],
)

/**
 * One CSV import (issue 10): who, into which branches, its counts; `undone_at` once undone
 * (within 24 hours). The customers it created carry `customers.import_id`.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    employeeId: uuid('employee_id'),
    salonIds: uuid('salon_ids').array().notNull(),
    fileName: text('file_name').notNull().default(''),
    /** created / skipped counts, updated per chunk. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    undoneAt: ts('undone_at'),
    createdAt: created(),
  },
  (t) => [index('customer_imports_org_idx').on(t.organisationId, t.createdAt)],
)

/** A chunk of an import, applied once: a resent chunk answers its stored result. */
export const customerImportChunks = pgTable(
  'customer_import_chunks',
  {
    organisationId: organisationRef(),
    importId: uuid('import_id')
      .notNull()
      .references(() => customerImports.id, { onDelete: 'cascade' }),
    chunkId: uuid('chunk_id').notNull(),
    result: jsonb('result').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.chunkId] })],
)

/** Same-field clashes from the field-by-field merge; staff see and resolve them. */
export const customerConflicts = pgTable(
  'customer_conflicts',
  {
    ...syncedRemovable(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    keptValue: jsonb('kept_value'),
    rejectedValue: jsonb('rejected_value'),
    employeeId: uuid('employee_id'),
    clientId: text('client_id'),
    resolvedAt: ts('resolved_at'),
    createdAt: created(),
  },
  (t) => [index('customer_conflicts_org_version_idx').on(t.organisationId, t.version)],
)

export const globalAdmins = pgTable(
  'global_admins',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * Issue 23: the second factor (TOTP, RFC 6238). `totpSecret` (base32) is set once the first
     * code confirmed it; until then a set-up in progress keeps its secret in `totpPendingSecret`.
     * `totpLastStep` is the time step of the last code accepted: a code is never accepted twice.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Issue 23: a deactivated global admin signs in nowhere; their sessions ended with it. */
    deactivatedAt: ts('deactivated_at'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('global_admins_email_uq').on(t.email)],
)

/** Issue 23: a global admin's single-use recovery codes (only their SHA-256 is kept). */
export const globalAdminRecoveryCodes = pgTable(
  'global_admin_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => globalAdmins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('global_admin_recovery_codes_uq').on(t.adminId, t.codeHash)],
)

/**
 * Issue 23: a global admin acting as an employee, kept after its session ends (the trail). Its
 * session (sessions.impersonation_id) lasts 30 minutes at most; `endedAt` is set when it is
 * stopped or when the sweep finds it over, and `notifiedAt` when the employee was e-mailed.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    reason: text('reason').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    notifiedAt: ts('notified_at'),
    createdAt: created(),
  },
  (t) => [index('impersonations_open_idx').on(t.endedAt, t.expiresAt)],
)

/** Bearer sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').$type<'employee' | 'customer' | 'globalAdmin'>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    organisationId: uuid('organisation_id'),
    impersonatedBy: uuid('impersonated_by'),
    /** Issue 23: the impersonation this session is (impersonations.id). */
    impersonationId: uuid('impersonation_id'),
    /**
     * Issue 23: the global admin's session an impersonation was started from: ending that one
     * (sign-out, a change to the account) ends this one with it.
     */
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    /**
     * Issue 23: a global admin's session after the password, before the second factor: it opens
     * only the next step ('secondFactorCode': enter a code; 'secondFactorSetup': set one up).
     */
    pendingStep: text('pending_step').$type<'secondFactorCode' | 'secondFactorSetup'>(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_subject_idx').on(t.subjectId),
    index('sessions_impersonated_by_idx').on(t.impersonatedBy),
  ],
)

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey(),
  employeeId: uuid('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** 'reset' (forgot password) or 'invitation' (a new employee sets their first password). */
  purpose: text('purpose').$type<'reset' | 'invitation'>().notNull().default('reset'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
})

/**
 * The code that confirms the owner's e-mail address (issue 21 #16): mailed at sign-up and on
 * request, only its hash stored, single use, burnt after a few wrong tries like a login code.
 */
export const ownerEmailCodes = pgTable(
  'owner_email_codes',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('owner_email_codes_employee_idx').on(t.employeeId)],
)

export const customerLoginCodes = pgTable(
  'customer_login_codes',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('customer_login_codes_customer_idx').on(t.customerId)],
)

/** Spec §3 activity types for a customer (login, failedLogin, codeRequest, …). */
export const customerActivities = pgTable(
  'customer_activities',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data'),
    /** When it happened (corrected for work done offline); the list orders and filters by it. */
    createdAt: created(),
    receivedAt: received(),
  },
  (t) => [index('customer_activities_customer_idx').on(t.organisationId, t.customerId, t.createdAt)],
)

/** Spec §3 audit events (login, customerCreate, salonUpdate, …). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id'),
    actorKind: text('actor_kind'),
    actorId: uuid('actor_id'),
    event: text('event').notNull(),
    data: jsonb('data'),
    /** The branch acted in, when there is one (employee activity log filter). */
    salonId: uuid('salon_id'),
    /** The customer acted on or contacted (employee activity log: "who was contacted"). */
    customerId: uuid('customer_id'),
    /** Issue 23: the global admin who did it while acting as the employee (actor_id). */
    impersonatedBy: uuid('impersonated_by'),
    /**
     * When it happened: for an action done offline, the device's time corrected by its offset
     * (server/services/when.ts), never later than created_at, the receipt. The activity log
     * orders and dates by it (null in rows from before it: created_at is the date then).
     */
    occurredAt: ts('occurred_at'),
    /** The device's clock at the action, as the device reported it: kept for the audit only. */
    deviceTime: ts('device_time'),
    createdAt: created(),
  },
  (t) => [
    index('audit_events_org_idx').on(t.organisationId, t.createdAt),
    index('audit_events_actor_idx').on(t.organisationId, t.actorId, t.createdAt),
    // Issue 23: the platform audit reads across organisations, newest first.
    index('audit_events_created_idx').on(t.createdAt),
  ],
)

/** Sync ledger: one row per applied mutation, written in the same transaction as its effect. */
/**
 * Mutation ids and client ids are made by the clients, so each organisation has its own id
 * space: an id another organisation used is simply new here, and nothing tells that it exists
 * elsewhere.
 */
export const syncLedger = pgTable(
  'sync_ledger',
  {
    mutationId: uuid('mutation_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    clientId: text('client_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    argsHash: text('args_hash').notNull(),
    status: text('status').notNull(),
    result: jsonb('result'),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.mutationId] }),
    index('sync_ledger_client_idx').on(t.clientId, t.seq),
  ],
)

export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: text('client_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(-1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.clientId] })],
)

/**
 * A customer leaving a branch (moved out of it, or removed): the changes feed of THAT branch
 * sends a tombstone for it, and no other branch hears of it (issue 8). Written by the trigger of
 * migration 0009 on every update of `customers`, so every write path records it.
 */
export const customerDepartures = pgTable(
  'customer_departures',
  {
    organisationId: organisationRef(),
    salonId: uuid('salon_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** The version of the customer write that took it out of the branch. */
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.salonId, t.customerId, t.version] }),
    index('customer_departures_salon_version_idx').on(t.organisationId, t.salonId, t.version),
  ],
)

/**
 * Outgoing messages (e-mail now, WhatsApp later): durable queue and, without SMTP_URL, the
 * dev outbox shown at /dev/mailbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id'),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed' | 'stored'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: created(),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt), index('outbox_recipient_idx').on(t.recipient)],
)

/**
 * Questionnaires (issue 3): organisation-wide, usable in every branch. Questions are one ordered
 * jsonb array (contract Question[]): the questionnaire is edited and synced as a whole.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    ...syncedRemovable(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('customerQuestionnaire'),
    hidden: boolean('hidden').notNull().default(false),
    messageTemplate: text('message_template'),
    /** Copied from the provider's templates at sign-up; `providerKey` names the template. */
    managedByProvider: boolean('managed_by_provider').notNull().default(false),
    providerKey: text('provider_key'),
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('questionnaires_org_version_idx').on(t.organisationId, t.version)],
)

/** Append-only submissions, keyed by the client's UUID (offline kiosk submits retry safely). */
export const questionnaireSubmissions = pgTable(
  'questionnaire_submissions',
  {
    ...syncedRemovable(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<{ questionId: string; value: unknown }[]>().notNull(),
    takenBy: text('taken_by').notNull(),
    employeeId: uuid('employee_id'),
    /** The employee's name when it was taken: staff read "taken in the salon by …" offline too. */
    employeeName: text('employee_name'),
    deviceId: text('device_id'),
    /** The name the device was given ("Tablet balie"), as it was then: staff never read a UUID. */
    deviceName: text('device_name'),
    /** Hash of what the client sent: the same id with other content is a conflict. */
    contentHash: text('content_hash').notNull(),
    /** When it was submitted: on a device offline, its time corrected by its offset. */
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    receivedAt: received(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('submissions_org_version_idx').on(t.organisationId, t.version),
    index('submissions_customer_idx').on(t.organisationId, t.customerId, t.submittedAt),
    index('submissions_questionnaire_idx').on(t.organisationId, t.questionnaireId, t.submittedAt),
  ],
)

/** Short link codes for sending a questionnaire: one per (organisation, questionnaire, customer). */
export const shortcuts = pgTable(
  'shortcuts',
  {
    code: text('code').primaryKey(),
    organisationId: organisationRef(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('shortcuts_target_uq').on(t.organisationId, t.questionnaireId, t.customerId)],
)

/*
 * Grow (issue 11): a branch's advice modules, their groups and their conditions. Synced to the
 * replicas of those who read advice (read offline, changed online only), so each carries
 * `version` and `deleted_at`. Shapes in contract/advice.
 */

/** A named group of Grow modules (spec: "A group has a name"); modules show merged by group. */
export const adviceGroups = pgTable(
  'advice_groups',
  {
    ...syncedRemovable(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('advice_groups_org_version_idx').on(t.organisationId, t.version),
    uniqueIndex('advice_groups_salon_name_uq').on(t.salonId, sql`lower(${t.name})`).where(sql`deleted_at is null`),
  ],
)

/**
 * A named condition over a customer's questionnaire answers: it matches when all its
 * subconditions hold (spec §5). `subconditions`: contract/advice ZSubcondition[].
 */
export const adviceConditions = pgTable(
  'advice_conditions',
  {
    ...syncedRemovable(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subconditions: jsonb('subconditions').$type<unknown[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('advice_conditions_org_version_idx').on(t.organisationId, t.version)],
)

/**
 * A Grow module (spec: name, text, audio, podcast URL, video URL, group, conditions, kind): it
 * shows when any of its conditions matches (none: always). `text` is HTML sanitised on the server.
 */
export const advices = pgTable(
  'advices',
  {
    ...syncedRemovable(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'text' | 'url' (spec: content type). */
    contentType: text('content_type').notNull().default('text'),
    text: text('text').notNull().default(''),
    url: text('url'),
    /** { path, url, durationSeconds } of the uploaded MP3, or null. */
    audio: jsonb('audio').$type<Record<string, unknown> | null>(),
    podcastUrl: text('podcast_url'),
    videoUrl: text('video_url'),
    groupId: uuid('group_id').references(() => adviceGroups.id, { onDelete: 'set null' }),
    /** 'customerAdvice' | 'employeeAdvice'. */
    kind: text('kind').notNull(),
    category: text('category'),
    length: text('length').notNull().default('Default'),
    markers: text('markers').array().notNull().default(sql`'{}'::text[]`),
    conditionIds: uuid('condition_ids').array().notNull().default(sql`'{}'::uuid[]`),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('advices_org_version_idx').on(t.organisationId, t.version),
    index('advices_salon_idx').on(t.salonId, t.position),
  ],
)

/**
 * A branch's customer card layout (spec "dashboard configuration": module kinds and their
 * elements). One row per branch; `config` is contract ZDashboardConfig. No row: the provider's
 * default configuration.
 */
export const dashboardConfigurations = pgTable(
  'dashboard_configurations',
  {
    ...synced(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dashboard_configurations_salon_uq').on(t.salonId),
    index('dashboard_configurations_org_version_idx').on(t.organisationId, t.version),
  ],
)

/**
 * One saved skin analysis of a customer (issue 11). Append-only: each save is a new row (the
 * history; compare two dates), keyed by the client's UUID so a tablet's offline save arrives
 * once. `data`: contract ZSkinAnalysisData (skin type, Fitzpatrick type, concerns per face zone,
 * notes, dated photos).
 */
export const skinAnalyses = pgTable(
  'skin_analyses',
  {
    ...syncedRemovable(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id'),
    authorName: text('author_name').notNull().default(''),
    /** The day of the analysis (yyyy-MM-dd, the therapist's choice; defaults to today). */
    analysedOn: text('analysed_on').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** When it was saved: on a device offline, its time corrected by its offset. */
    createdAt: created(),
    receivedAt: received(),
  },
  (t) => [
    index('skin_analyses_org_version_idx').on(t.organisationId, t.version),
    index('skin_analyses_customer_idx').on(t.organisationId, t.customerId, t.analysedOn),
  ],
)

/**
 * In-app notices for a customer (issue 11: "your advice is ready"), shown in their area until
 * seen. `kind`: 'adviceReady'.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id'),
    kind: text('kind').notNull(),
    sentBy: uuid('sent_by'),
    seenAt: ts('seen_at'),
    createdAt: created(),
  },
  (t) => [index('customer_notifications_customer_idx').on(t.organisationId, t.customerId, t.createdAt)],
)

/*
 * Documents and consent forms (issue 12; spec "Document"). A document is the stable identity
 * (kind, the version in use); what it says lives in `document_versions`, which are never changed
 * once written: changing a document writes a new version, and a trigger refuses any update of a
 * written version's body (migration 0014), so a signed consent always points at the exact text
 * the customer saw, identified by its SHA-256.
 */
export const documents = pgTable(
  'documents',
  {
    ...synced(),
    /** Spec: document, consentForm, pdfDocument. Fixed at creation. */
    kind: text('kind').notNull(),
    /** The form name of the current version (lists sort and search on it). */
    name: text('name').notNull(),
    /** The version new sends use; null only inside the transaction that creates the document. */
    currentVersionId: uuid('current_version_id'),
    versionsCount: integer('versions_count').notNull().default(1),
    createdBy: uuid('created_by'),
    /**
     * An information document taken out of use (hidden from the send dialog; what was sent stays
     * readable). Consent forms are never deleted (spec §4).
     */
    archivedAt: ts('archived_at'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('documents_org_version_idx').on(t.organisationId, t.version)],
)

/** One written version of a document: immutable (trigger `document_versions_immutable`). */
export const documentVersions = pgTable(
  'document_versions',
  {
    ...synced(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 1, 2, 3, … per document. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    /** Sanitised rich text (consent form, information document). */
    text: text('text'),
    /** A PDF information document's file (`<org>/pdf/<uuid>.pdf`), its name and size. */
    pdfKey: text('pdf_key'),
    pdfName: text('pdf_name'),
    pdfSize: integer('pdf_size'),
    /** SHA-256 (hex) of the version's content (`contract/documents` `versionContentOf`). */
    contentHash: text('content_hash').notNull(),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('document_versions_number_uq').on(t.documentId, t.number),
    index('document_versions_org_version_idx').on(t.organisationId, t.version),
  ],
)

/**
 * A document sent to (or handed over on a tablet to) one customer, with its status (spec:
 * notSeen → seen → accepted | declined; an information document is only seen). The client may
 * make the id (a tablet hands a consent form over offline), so writes are idempotent on it.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    ...syncedRemovable(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The branch it was sent from or handed over in. */
    salonId: uuid('salon_id').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    /** The exact version sent (a newer version of a consent form is a new send: re-consent). */
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentVersions.id),
    status: text('status').notNull().default('notSeen'),
    /** How it reached the customer: email, whatsApp, inApp (spec) or tablet (handed over). */
    channel: text('channel').notNull(),
    sentAt: ts('sent_at').notNull(),
    sentBy: uuid('sent_by'),
    sentByName: text('sent_by_name').notNull().default(''),
    /** When it was opened and answered: on a tablet offline, its time corrected by its offset. */
    seenAt: ts('seen_at'),
    respondedAt: ts('responded_at'),
    /** When the server received the latest response (seen, accepted, declined). */
    responseReceivedAt: ts('response_received_at'),
    declineReason: text('decline_reason'),
    /** The evidence record of the answer (consent_evidence), once accepted or declined. */
    evidenceId: uuid('evidence_id'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_documents_org_version_idx').on(t.organisationId, t.version),
    index('customer_documents_customer_idx').on(t.organisationId, t.customerId),
    index('customer_documents_document_idx').on(t.organisationId, t.documentId),
  ],
)

/**
 * The evidence of each accept or decline (issue 12), a hash chain per organisation: `record_hash`
 * = SHA-256 of the previous record's hash, the position and `content_hash` (the SHA-256 of the
 * record's canonical content; server/services/documents/evidence/evidence-chain.ts). Append-only: a
 * trigger refuses changing the chain and what it proves, and deleting a record while its
 * organisation exists. A customer's hard delete erases the personal fields (`erased_at`) and
 * keeps the hashes, so the chain still verifies.
 */
export const consentEvidence = pgTable(
  'consent_evidence',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    position: bigint('position', { mode: 'number' }).notNull(),
    previousHash: text('previous_hash').notNull(),
    contentHash: text('content_hash').notNull(),
    recordHash: text('record_hash').notNull(),
    /**
     * SHA-256 of the personal fields (names, e-mail, typed name, reason, IP, user agent) with the
     * record's id; `content_hash` covers this instead of the fields, so erasing them keeps the
     * chain verifiable.
     */
    personalHash: text('personal_hash').notNull(),
    customerDocumentId: uuid('customer_document_id').notNull(),
    /** No foreign key: the record outlives a hard-deleted customer (erased). */
    customerId: uuid('customer_id'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    documentId: uuid('document_id').notNull(),
    documentVersionId: uuid('document_version_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    versionHash: text('version_hash').notNull(),
    /** accepted | declined */
    decision: text('decision').notNull(),
    /** The drawn signature (PNG in storage) and its SHA-256; accepted only. */
    signatureKey: text('signature_key'),
    signatureHash: text('signature_hash'),
    typedName: text('typed_name'),
    /**
     * How an acceptance was signed (issue 21 #23): `drawn` on the pad, or `typed` — the typed name
     * with the explicit statement, for a person who cannot draw. Null: a decline, or a record made
     * before the method was kept (then drawn).
     */
    signatureMethod: text('signature_method').$type<'drawn' | 'typed'>(),
    declineReason: text('decline_reason'),
    /** ownDevice (the customer's own phone or computer) or tablet (handed over by staff). */
    channel: text('channel').notNull(),
    takenBy: uuid('taken_by'),
    takenByName: text('taken_by_name'),
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /** The device's clock when the customer answered, and the server's when it arrived. */
    deviceTime: ts('device_time'),
    receivedAt: ts('received_at').notNull(),
    /**
     * When the customer answered: the device's time corrected by its offset (services/when.ts),
     * what the certificate shows. Null in records from before it (content hash v1).
     */
    occurredAt: ts('occurred_at'),
    erasedAt: ts('erased_at'),
  },
  (t) => [
    uniqueIndex('consent_evidence_position_uq').on(t.organisationId, t.position),
    index('consent_evidence_customer_document_idx').on(t.organisationId, t.customerDocumentId),
  ],
)

/*
 * Billing (issue 22; server/services/billing/README.md). Money is integer cents, rates basis
 * points. Plans and discount codes are the platform's (no organisation); the rest is tenant data.
 */

/** A plan the platform sells (`GET /global/subscriptions/options`); null limit is "no limit". */
export const subscriptionOptions = pgTable(
  'subscription_options',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    nameNl: text('name_nl').notNull(),
    nameEn: text('name_en').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    yearlyPriceCents: integer('yearly_price_cents').notNull(),
    maxCustomers: integer('max_customers'),
    maxEmployees: integer('max_employees'),
    maxSalons: integer('max_salons'),
    features: jsonb('features').$type<PlanFeature[]>().notNull().default([]),
    /** Higher is more: an upgrade is immediate, a downgrade waits for the end of the term. */
    rank: integer('rank').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [uniqueIndex('subscription_options_code_uq').on(t.code)],
)

/**
 * A subscription term chain of an organisation. Made when a purchase is paid (or as the trial);
 * at most one is current (not completed) per organisation, which the partial unique index holds
 * even when two paid webhooks race.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => subscriptionOptions.id),
    period: text('period').$type<SubscriptionPeriod>().notNull(),
    /** Spec §4: pending, active, canceled, suspended, completed. */
    status: text('status').$type<SubscriptionStatus>().notNull(),
    trial: boolean('trial').notNull().default(false),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    autoExtend: boolean('auto_extend').notNull(),
    canceledAt: ts('canceled_at'),
    /** A failed renewal: full access until then (GRACE_DAYS), then suspended. */
    graceUntil: ts('grace_until'),
    suspendedAt: ts('suspended_at'),
    /** A downgrade waiting for the end of the term. */
    scheduledOptionId: uuid('scheduled_option_id').references(() => subscriptionOptions.id),
    scheduledPeriod: text('scheduled_period').$type<SubscriptionPeriod>(),
    /** The discount that renewals keep applying, and how many more periods (null: forever). */
    discountCodeId: uuid('discount_code_id'),
    discountPeriodsLeft: integer('discount_periods_left'),
    /** The valid-to whose renewal notice went out (RENEWAL_NOTICE_DAYS before the charge): sent once. */
    renewalNoticeFor: ts('renewal_notice_for'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_organisation_idx').on(t.organisationId, t.createdAt),
    uniqueIndex('subscriptions_current_uq').on(t.organisationId).where(sql`${t.status} <> 'completed'`),
  ],
)

/**
 * A payment asked of the provider (or a €0 purchase that needs none). Its status is only ever
 * the provider's, fetched; `price` and `vat` are decided when it is created and never change.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    /** subscription (a purchase or change, with checkout) or renewal (charged on the mandate). */
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** The provider's id (tr_…); null for a €0 purchase, which is paid at once. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status').$type<PaymentStatus>().notNull(),
    sequenceType: text('sequence_type').$type<'oneoff' | 'first' | 'recurring'>().notNull(),
    /** The plan a subscription payment buys (null for WhatsApp credits). */
    optionId: uuid('option_id').references(() => subscriptionOptions.id),
    period: text('period').$type<SubscriptionPeriod>(),
    autoExtend: boolean('auto_extend').notNull(),
    /** The bundle and the credits a WhatsApp credits payment buys (issue 23). */
    creditOptionId: uuid('credit_option_id').references(() => whatsappCreditOptions.id),
    credits: integer('credits'),
    /** The paid course a course payment buys (issue 24; null for the other kinds). */
    paidCourseId: uuid('paid_course_id').references(() => trainingCourses.id),
    /** The subscription a renewal extends (null for a purchase until it is paid). */
    subscriptionId: uuid('subscription_id'),
    /** The term this payment pays for, once known. */
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    /** Integer cents: the total charged, VAT included (= price.totalCents). */
    amountCents: integer('amount_cents').notNull(),
    price: jsonb('price').$type<PriceBreakdown>().notNull(),
    vat: jsonb('vat').$type<VatDecision>().notNull(),
    discountCodeId: uuid('discount_code_id'),
    description: text('description').notNull(),
    checkoutUrl: text('checkout_url'),
    paidAt: ts('paid_at'),
    chargedBackAt: ts('charged_back_at'),
    /** The employee who started it (null for renewals). */
    createdBy: uuid('created_by'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    index('payments_organisation_idx').on(t.organisationId, t.createdAt),
    index('payments_open_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('open', 'pending', 'authorized')`),
  ],
)

/** Each (payment, status) is applied once: the row is taken in the transaction that applies it. */
export const paymentStatusEvents = pgTable(
  'payment_status_events',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    appliedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.status] })],
)

/** One gapless series per issuer: the number is taken under this row's lock in the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  issuer: text('issuer').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
})

/**
 * An invoice or credit note: a snapshot of everything it shows, immutable once issued (a trigger
 * refuses UPDATE and DELETE; only the organisation's own removal takes it along).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    paymentId: uuid('payment_id').references(() => payments.id),
    kind: text('kind').$type<'invoice' | 'creditNote'>().notNull(),
    issuer: text('issuer').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** A credit note's original invoice. */
    creditedInvoiceId: uuid('credited_invoice_id'),
    issuedAt: ts('issued_at').notNull(),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    language: text('language').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    netCents: integer('net_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vat: jsonb('vat').$type<VatDecision>().notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.issuer, t.sequence),
    uniqueIndex('invoices_payment_kind_uq').on(t.paymentId, t.kind),
    index('invoices_organisation_idx').on(t.organisationId, t.issuedAt),
  ],
)

/** Discount codes (research §7 C1); `code` is unique case-insensitively. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    /** Spec §4 discount type. percent: value in basis points (1500 = 15%); fixed: value in cents. */
    type: text('type').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    /** Option codes it applies to; empty: every option. */
    appliesTo: jsonb('applies_to').$type<string[]>().notNull().default([]),
    validFrom: ts('valid_from'),
    expiresAt: ts('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    maxPerOrganisation: integer('max_per_organisation').notNull().default(1),
    /** once, repeating (durationPeriods periods) or forever. */
    duration: text('duration').$type<'once' | 'repeating' | 'forever'>().notNull(),
    durationPeriods: integer('duration_periods'),
    active: boolean('active').notNull().default(true),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('discount_codes_code_uq').on(sql`lower(${t.code})`)],
)

/** A code counted when its payment was paid (under the code's row lock). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey(),
    discountCodeId: uuid('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    organisationId: organisationRef(),
    paymentId: uuid('payment_id').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_uq').on(t.paymentId),
    index('discount_redemptions_code_org_idx').on(t.discountCodeId, t.organisationId),
  ],
)

/** Every VAT-number check asked (the proof of a reverse charge: research §2.3). */
export const vatChecks = pgTable(
  'vat_checks',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    vatNumber: text('vat_number').notNull(),
    country: text('country').notNull(),
    status: text('status').$type<'valid' | 'invalid' | 'unavailable'>().notNull(),
    name: text('name'),
    address: text('address'),
    consultationNumber: text('consultation_number'),
    checkedAt: ts('checked_at').notNull(),
  },
  (t) => [index('vat_checks_organisation_idx').on(t.organisationId, t.checkedAt)],
)

/*
 * WhatsApp credits (issue 23; server/services/whatsapp-credits/README.md). Bundles and message
 * costs are the platform's (no organisation); the ledger is tenant data, append-only.
 */

/** A bundle the platform sells (`GET …/whatsapp-credits/options`); the price excludes VAT. */
export const whatsappCreditOptions = pgTable(
  'whatsapp_credit_options',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    credits: integer('credits').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [uniqueIndex('whatsapp_credit_options_code_uq').on(t.code)],
)

/** Credits one message costs, by Meta's category: a change of prices is a row, not a release. */
export const whatsappMessageCosts = pgTable('whatsapp_message_costs', {
  category: text('category').$type<MessageCategory>().primaryKey(),
  credits: integer('credits').notNull(),
})

/**
 * The balance's ledger: one row per change, never updated or deleted (trigger of migration
 * 0021); the balance is the sum of `delta` (organisations.whatsapp_credits keeps it).
 */
export const whatsappCreditTransactions = pgTable(
  'whatsapp_credit_transactions',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    reason: text('reason').$type<CreditReason>().notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** A purchase: its payment (once per payment: a unique index). */
    paymentId: uuid('payment_id').references(() => payments.id),
    /** A send and its refund: the message in the outbox (one send and at most one refund each). */
    messageId: uuid('message_id'),
    customerId: uuid('customer_id'),
    source: text('source').$type<CreditSource>(),
    category: text('category').$type<MessageCategory>(),
    /** Who caused it (null: the system, e.g. a refund or a paid webhook). */
    employeeId: uuid('employee_id'),
    createdAt: created(),
  },
  (t) => [
    index('whatsapp_credit_transactions_organisation_idx').on(t.organisationId, t.createdAt),
    uniqueIndex('whatsapp_credit_transactions_payment_uq').on(t.paymentId),
    uniqueIndex('whatsapp_credit_transactions_message_uq').on(t.messageId, t.reason),
  ],
)

/**
 * Issue 23 G1: the Plug&Pay orders that made an organisation, one row per (shop, order) —
 * Plug&Pay retries a webhook and may send it twice at once, and the primary key makes every
 * call after the first a no-op. Written in the transaction that creates the organisation, so
 * either both exist or neither. The organisation may be removed later; the order stays handled.
 */
export const plugAndPayOrders = pgTable(
  'plug_and_pay_orders',
  {
    tenantId: text('tenant_id').notNull(),
    orderId: text('order_id').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orderId] })],
)

/*
 * Trainings (issue 24): one model for three kinds of course — `training` (an organisation's own,
 * Blueprint; organisation_id set), `manual` (the platform's user manuals; organisation_id
 * null) and `paid` (the platform's paid courses, later). Course → module → segment, each ordered by
 * `position`. Trainings are synced (version from the organisation's counter); a module or segment
 * change also re-versions its course (the replica holds a course as a whole). Manuals and paid
 * courses have no organisation, so no sync version (0). Deletes are soft (tombstones).
 */
const platformOrOrganisation = () => uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' })

export const trainingCourses = pgTable(
  'training_courses',
  {
    id: uuid('id').primaryKey(),
    /** null: the platform's (manual, paid). */
    organisationId: platformOrOrganisation(),
    version: version(),
    deletedAt: ts('deleted_at'),
    /** 'training' | 'manual' | 'paid'. */
    kind: text('kind').notNull(),
    /** Dutch (or the organisation's language); `title_en` the English one, Dutch the fallback. */
    title: text('title').notNull(),
    titleEn: text('title_en'),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    /** Sequential: a segment opens once the one before it is completed. */
    inOrder: boolean('in_order').notNull().default(false),
    /** Trainings: the roles it is shown to; empty: every employee. */
    roleIds: uuid('role_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Paid courses: the price in euro cents, excluding VAT. */
    priceCents: integer('price_cents'),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('training_courses_org_version_idx').on(t.organisationId, t.version),
    index('training_courses_kind_idx').on(t.kind, t.organisationId, t.position),
  ],
)

export const trainingModules = pgTable(
  'training_modules',
  {
    id: uuid('id').primaryKey(),
    organisationId: platformOrOrganisation(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    deletedAt: ts('deleted_at'),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('training_modules_course_idx').on(t.courseId, t.position)],
)

export const trainingSegments = pgTable(
  'training_segments',
  {
    id: uuid('id').primaryKey(),
    organisationId: platformOrOrganisation(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    deletedAt: ts('deleted_at'),
    /** 'text' | 'audio' | 'pdf' | 'video'. */
    kind: text('kind').notNull(),
    /** A stable key (manuals: a screen links to its manual page by it). */
    slug: text('slug'),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    /** Rich text HTML (sanitised as Grow's), kind text. */
    text: text('text').notNull().default(''),
    textEn: text('text_en'),
    /** { path, url, durationSeconds } of an uploaded MP3 (kind audio). */
    audio: jsonb('audio').$type<Record<string, unknown> | null>(),
    /** { path, url, name } of an uploaded PDF (kind pdf). */
    pdf: jsonb('pdf').$type<Record<string, unknown> | null>(),
    /** YouTube or Vimeo (kind video). */
    videoUrl: text('video_url'),
    /** Paid courses (later): shown before the course is owned. */
    preview: boolean('preview').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('training_segments_module_idx').on(t.moduleId, t.position),
    index('training_segments_course_idx').on(t.courseId),
    uniqueIndex('training_segments_manual_slug_uq')
      .on(t.slug)
      .where(sql`${t.organisationId} is null and ${t.deletedAt} is null and ${t.slug} is not null`),
  ],
)

/**
 * A paid course an organisation owns (issue 24): every employee of the organisation reads its
 * content. Granted once per organisation and course when its payment is paid (the webhook, the
 * return page or reconciliation: services/paid-courses); `revoked_at` set by a refund or chargeback.
 */
export const paidCourseAccess = pgTable(
  'paid_course_access',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id'),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /**
     * The organisation's sync version of this access (migration 0026): taken when it is granted or
     * revoked and whenever the platform changes the course, so the trainings feed sends the owned
     * course (or its tombstone) to the organisation's employees (services/paid-courses/README.md).
     */
    version: version(),
  },
  (t) => [
    uniqueIndex('paid_course_access_org_course_uq').on(t.organisationId, t.courseId),
    index('paid_course_access_org_version_idx').on(t.organisationId, t.version),
    index('paid_course_access_course_idx').on(t.courseId),
  ],
)

/**
 * An employee's progress in one segment (issue 24), written offline through the sync and merged so
 * it never goes backwards (services/trainings/progress.ts). Synced to the employee's own replicas.
 */
export const trainingProgress = pgTable(
  'training_progress',
  {
    ...synced(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => trainingSegments.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    /** Corrected device times (ARCHITECTURE "Time"): earliest wins. */
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    /** Where audio was left (seconds); only rises, and stays once completed. */
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** The last time a write arrived (the server's receipt). */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_progress_employee_segment_uq').on(t.employeeId, t.segmentId),
    index('training_progress_org_employee_version_idx').on(t.organisationId, t.employeeId, t.version),
  ],
)

/**
 * A certificate (issue 24): issued once per employee and course when every live segment is
 * completed (services/trainings/certificates.ts), in the transaction of the progress write that
 * completes it, dated by that completion's corrected time. Title and name as issued; `code` is
 * what anyone verifies it by. Synced to the employee's own replicas. Any course kind (trainings
 * now, paid courses later) fits it unchanged.
 */
export const trainingCertificates = pgTable(
  'training_certificates',
  {
    ...synced(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    courseTitle: text('course_title').notNull(),
    courseTitleEn: text('course_title_en'),
    employeeName: text('employee_name').notNull(),
    issuedAt: ts('issued_at').notNull(),
    code: text('code').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('training_certificates_employee_course_uq').on(t.employeeId, t.courseId),
    uniqueIndex('training_certificates_code_uq').on(t.code),
    index('training_certificates_org_employee_version_idx').on(t.organisationId, t.employeeId, t.version),
  ],
)
