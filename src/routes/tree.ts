import { academyCourseRoute, academyPaymentRoute, academyRoute } from './academy'
import {
  blueprintCourseProgressRoute,
  blueprintCourseRoute,
  blueprintManageCourseRoute,
  blueprintManageRoute,
  blueprintRoute,
} from './blueprint'
import { certificateRoute, certificatesRoute } from './certificates'
import { userManualRoute } from './user-manual'
import { activityLogRoute } from './activity-log'
import { customerAdviceRoute, growRoute } from './advice'
import { customerPagesRoute } from './customer-pages'
import { customerDocumentsRoute, documentsRoute } from './documents'
import { adminIndexRoute, adminRoute, adminSplatRoute, resetPasswordRoute, setPasswordRoute } from './admin'
import {
  globalAdminIndexRoute,
  globalAdminRoute,
  globalAdminSplatRoute,
  globalAuditRoute,
  globalDiscountCodesRoute,
  globalOrganisationRoute,
  globalOrganisationsRoute,
  globalPlansRoute,
  globalSubscriptionsRoute,
  globalPaidCourseRoute,
  globalPaidCoursesRoute,
  globalUserManualRoute,
  globalUserManualsRoute,
} from './global-admin'
import { kioskLayoutRoute, kioskRoute } from './kiosk'
import { branchesRoute, customerAreaRoute, customersRoute, staffIndexRoute, staffRoute } from './organisation'
import {
  customerQuestionnaireRoute,
  customerSubmissionRoute,
  newQuestionnaireRoute,
  shortcutRoute,
} from './questionnaire-fill'
import { createOrganisationRoute, indexRoute, startRoute, termsRoute } from './public'
import { newQuestionnaireEditorRoute, questionnaireEditorRoute, questionnairesRoute } from './questionnaires'
import { rolesRoute } from './roles'
import { rootRoute } from './root'
import { settingsRoute } from './settings'
import { paymentReturnRoute, paymentsRoute, plansRoute, subscriptionRoute } from './subscription'
import { customFieldsRoute } from './custom-fields'
import { customerCardRoute } from './customer-card'
import { dashboardRoute, staffFillRoute, submissionsRoute } from './submissions'
import { employeesRoute } from './team'
import { creditsPaymentRoute, creditsRoute } from './whatsapp-credits'

/*
 * Spec §2 route table. Static paths (start, admin, global-admin…) outrank `/$slug`, and the
 * reserved slugs (contract RESERVED_SLUGS) keep organisations from shadowing them.
 * /new-questionnaire and /shortcut arrive with questionnaires (issue 3).
 */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  termsRoute,
  createOrganisationRoute,
  startRoute,
  globalAdminRoute.addChildren([
    globalAdminIndexRoute,
    globalOrganisationsRoute,
    globalOrganisationRoute,
    globalSubscriptionsRoute,
    globalAuditRoute,
    globalPlansRoute,
    globalDiscountCodesRoute,
    globalUserManualsRoute,
    globalUserManualRoute,
    globalPaidCoursesRoute,
    globalPaidCourseRoute,
    globalAdminSplatRoute,
  ]),
  adminRoute.addChildren([adminIndexRoute, resetPasswordRoute, setPasswordRoute, adminSplatRoute]),
  customerAreaRoute,
  customerQuestionnaireRoute,
  customerPagesRoute.addChildren([customerSubmissionRoute, customerAdviceRoute, customerDocumentsRoute]),
  shortcutRoute,
  newQuestionnaireRoute,
  certificatesRoute,
  certificateRoute,
  staffRoute.addChildren([
    staffIndexRoute,
    customersRoute,
    branchesRoute,
    rolesRoute,
    questionnairesRoute,
    newQuestionnaireEditorRoute,
    questionnaireEditorRoute,
    dashboardRoute,
    staffFillRoute,
    submissionsRoute,
    activityLogRoute,
    settingsRoute,
    employeesRoute,
    customFieldsRoute,
    growRoute,
    blueprintRoute,
    blueprintCourseRoute,
    academyRoute,
    academyPaymentRoute,
    academyCourseRoute,
    userManualRoute,
    customerCardRoute,
    documentsRoute,
    subscriptionRoute,
    plansRoute,
    paymentsRoute,
    paymentReturnRoute,
    creditsRoute,
    creditsPaymentRoute,
    blueprintManageRoute,
    blueprintManageCourseRoute,
    blueprintCourseProgressRoute,
  ]),
  kioskLayoutRoute.addChildren([kioskRoute]),
])
