import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { billingDepsOf } from '../../services/billing/deps'
import { vatRate } from '../../services/billing/overview'
import { courseDiscountQuote, startCoursePayment } from '../../services/paid-courses/purchase'
import { listPaidCourses, paidCourseModules, paidCourseSegment } from '../../services/trainings/paid'
import { perIp, perOrganisationPath } from '../auth/limits'
import { acceptFormBodies } from '../subscriptions/form-body'
import { webhook } from '../subscriptions/webhooks'

const P = API.paidCourses

/**
 * The platform's paid courses as an organisation reads and buys them (issue 24; Academy):
 * services/paid-courses/README.md. The global admins write them with the trainings
 * (routes/trainings, `API.globalPaidCourses`).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app)
  const deps = billingDepsOf(app)

  handle(app, P.list, async ({ caller, db }) =>
    listPaidCourses({
      db,
      caller,
      vatRateBasisPoints: (await vatRate(deps, caller.organisationId, new Date())).rateBasisPoints,
    }),
  )
  handle(app, P.modules, ({ caller, db, params }) => paidCourseModules({ db, caller, id: params.id }))
  handle(app, P.segment, ({ caller, db, params }) =>
    paidCourseSegment({ db, caller, id: params.id, segmentId: params.segmentId }),
  )
  // As every payment and code path (routes/subscriptions): bounded per address and organisation.
  // Codes share the subscription's budget ('discount-code'): one organisation guesses codes 30
  // times per 15 minutes, whatever it asks them for.
  handle(
    app,
    P.payment,
    ({ caller, params, query }) =>
      startCoursePayment({ deps, caller, id: params.id, discountCode: query.discountCode }),
    { config: perIp(60), preHandler: perOrganisationPath(app, 'paid-course-payment', 30) },
  )
  handle(
    app,
    P.discountCode,
    ({ caller, params }) => courseDiscountQuote(deps, caller, { id: params.id, code: params.code }),
    { config: perIp(60), preHandler: perOrganisationPath(app, 'discount-code', 30) },
  )
  // The one webhook pipeline of billing (apply.ts), for this kind.
  handle(app, P.paymentWebhook, (ctx) => webhook(deps, ctx, 'paidCourse'), { config: perIp(600) })
}
export default routes
