/*
 * Closed value lists that the app's URLs filter on (the route definitions' search params), apart
 * from their zod schemas: the routes load with the app's entry, and importing a list from its
 * domain module would load that module's schemas (and phone parsing) before the first screen.
 * Each domain module builds its schema from the list here and re-exports it.
 */

/**
 * Spec §3 audit events. Employee actions recorded here make up the employee activity log
 * (services/employees/activities.ts), so a few names are added next to the spec's:
 * - questionnaireSend: a questionnaire sent to one customer (one event per customer contacted);
 * - submissionCreated / answerUpdated: a submission taken by staff and an answer staff changed
 *   (the spec's customer activity types; the customer's own list keeps its entries too);
 * - documentCreate / documentUpdate: a document or consent form created, or changed (a new
 *   version, archived or brought back) on the documents screen (issue 12; the spec names none).
 */
export const AUDIT_EVENTS = [
  'login',
  'failedLogin',
  'passwordResetRequest',
  'successfulPasswordReset',
  'customerCreate',
  'customerUpdate',
  'customersSearch',
  'customersImport',
  'customerHardDelete',
  'employeeCreate',
  'employeeUpdate',
  'organisationUpdate',
  'createRole',
  'updateRole',
  'salonCreate',
  'salonUpdate',
  'questionnaireCreate',
  'questionnaireUpdate',
  'questionnaireSend',
  'submissionCreated',
  'answerUpdated',
  'customerCommentAdd',
  'customerCommentUpdate',
  'customerCommentDelete',
  'adviceNotification',
  'dashboardConfigurationUpdate',
  'customerSkinAnalysisUpdate',
  'documentCreate',
  'documentUpdate',
  // Issue 12 (spec §3 sending): a document or consent form sent to one customer, or removed.
  'customerConsentSend',
  'customerDocumentSend',
  'customerDocumentDelete',
  // Issue 21 #16: the owner's e-mail confirmation code mailed, and the address confirmed.
  'ownerEmailConfirmationSent',
  'ownerEmailConfirmed',
  // Issue 22 (spec §3 payments and subscriptions): a payment asked for, a subscription made,
  // changed, extended or scheduled to change, and one cancelled.
  'createPayment',
  'updateSubscription',
  'cancelSubscription',
  // Issue 23 (spec §3): a WhatsApp credits payment asked for.
  'whatsappCreditsPaymentCreate',
  // Issue 24 (spec §3, its spelling): a paid course payment asked for; the course granted to the
  // organisation when paid, and taken back by a refund or chargeback.
  'paidCousePaymentCreate',
  'paidCourseAccessGrant',
  'paidCourseAccessRevoke',
  // Issue 23: a global admin's second factor set up, a wrong code, and acting as an employee
  // (start and stop: actor the employee, impersonated_by the admin, the reason in data).
  'secondFactorSetUp',
  'failedSecondFactor',
  'impersonationStart',
  'impersonationStop',
  // Issue 23 G1: an organisation made from a paid Plug&Pay order, and an order refused (its
  // buyer's e-mail address already has an account; organisation null).
  'organisationCreateFromOrder',
  'organisationCreateFromOrderRefused',
  // Issue 23: a global admin suspends, reactivates, exports or deletes an organisation (its edit is
  // organisationUpdate with actor kind globalAdmin); the purge job removes it after the retention.
  'organisationSuspend',
  'organisationReactivate',
  'organisationExport',
  'organisationDelete',
  'organisationPurge',
  // Issue 23: the global administrators' billing (plans and discount codes are the platform's:
  // no organisation; a cancelled subscription is its organisation's `cancelSubscription`).
  'subscriptionOptionCreate',
  'subscriptionOptionUpdate',
  'discountCodeCreate',
  'discountCodeUpdate',
  'discountCodeDeactivate',
  'discountCodeDelete',
  // Issue 24: trainings (an employee with manageTrainings) and user manuals (a global admin; no
  // organisation) written: `data.kind` says which, ids and titles only.
  'trainingCourseCreate',
  'trainingCourseUpdate',
  'trainingCourseDelete',
  'trainingCoursesReorder',
  'trainingModuleCreate',
  'trainingModuleUpdate',
  'trainingModuleDelete',
  'trainingModulesReorder',
] as const

/**
 * - invited: created, has not set a password through the invitation yet (cannot sign in);
 * - active: can sign in;
 * - deactivated: cannot sign in, sessions ended; their history is kept.
 */
export const EMPLOYEE_STATUSES = ['invited', 'active', 'deactivated'] as const

/** What the admin list filters on and shows (derived from status, trial, valid-to and grace). */
export const ADMIN_SUBSCRIPTION_STATES = ['active', 'trial', 'cancelled', 'expired', 'grace', 'suspended'] as const

/**
 * What the platform's list says of an organisation, most telling first:
 * - deletedPending: deleted by a global admin, its data kept until the purge;
 * - suspended: read-only by a global admin's decision;
 * - expired: its subscription no longer runs (read-only);
 * - trial: a running trial;
 * - active: a running paid subscription (or none at all: an organisation from before billing).
 */
export const ORGANISATION_STATUSES = ['active', 'trial', 'expired', 'suspended', 'deletedPending'] as const

/** Spec §3 questionnaire kinds. */
export const QUESTIONNAIRE_KINDS = ['customerQuestionnaire', 'employeeQuestionnaire'] as const

/** Spec §9: "Subscription periods are monthly or yearly." */
export const SUBSCRIPTION_PERIODS = ['monthly', 'yearly'] as const
