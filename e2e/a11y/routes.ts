/*
 * Every route of the app (its TanStack `fullPath`) and how the a11y sweep covers it
 * (every-screen.spec.ts). `src/routes/a11y-coverage.test.ts` fails when a route is in neither
 * list, so a new screen cannot ship without an axe visit.
 */

/** Routes the sweep opens and checks at every size (with their drawers). */
export const VISITED_ROUTES = [
  '/',
  '/terms-and-conditions',
  '/start',
  '/global-admin',
  '/global-admin/organisations',
  '/global-admin/organisations/$id',
  '/global-admin/audit',
  '/global-admin/user-manuals',
  '/global-admin/user-manuals/$id',
  '/admin/',
  '/admin/reset-password',
  '/admin/set-password',
  '/$slug',
  '/$slug/questionnaire/$questionnaireId',
  '/$slug/submission/$submissionId',
  '/$slug/advice',
  '/$slug/documents',
  '/shortcut',
  '/$slug/admin/customers',
  '/$slug/admin/branches',
  '/$slug/admin/roles',
  '/$slug/admin/questionnaires',
  '/$slug/admin/questionnaires/new',
  '/$slug/admin/questionnaires/$questionnaireId',
  '/$slug/admin/dashboard',
  '/$slug/admin/fill/$questionnaireId',
  '/$slug/admin/submissions',
  '/$slug/admin/activity-log',
  '/$slug/admin/settings',
  '/$slug/admin/employees',
  '/$slug/admin/custom-fields',
  '/$slug/admin/grow',
  '/$slug/admin/customer-card',
  '/$slug/admin/documents',
  '/$slug/admin/subscription',
  '/$slug/admin/subscription/plans',
  '/$slug/admin/subscription/payments',
  '/$slug/admin/subscription/payments/$paymentId',
  '/$slug/admin/whatsapp-credits',
  '/$slug/admin/whatsapp-credits/payments/$paymentId',
  '/$slug/admin/kiosk',
  '/$slug/admin/blueprint/manage',
  '/$slug/admin/blueprint/manage/$courseId',
] as const

/** Routes that show no screen of their own, and why. */
export const NOT_SCREENS: Record<string, string> = {
  '/create-organisation': 'redirects to /start',
  '/global-admin/$': 'redirects to the first section (organisations)',
  '/global-admin/': 'redirects to the first section (organisations)',
  '/admin': 'layout of the sign-in routes below it',
  '/admin/$': 'the staff sign-in of /admin/ (or a redirect into the staff area)',
  '/new-questionnaire': 'the same resolver screen as /shortcut',
  '/$slug/admin': 'the staff shell: every staff screen is visited inside it',
  '/$slug/admin/': 'redirects to the first screen the employee may use',
}
