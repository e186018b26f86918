import { z } from 'zod'
import { ZDiscountCode, ZPaymentWebhook, ZPriceBreakdown } from '../subscriptions'
import {
  ZPaidCourseOffer,
  ZPaidCoursePaymentQuery,
  ZPaidCoursePaymentResult,
  ZTrainingCourse,
  ZTrainingCourseFull,
  ZTrainingModule,
  ZTrainingSegment,
} from '../trainings'
import { ZPaidCourseInput, ZTrainingModuleInput, ZTrainingOrder } from '../trainings/inputs'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['paid-courses']
const base = '/global/paid-courses'
const ZCourseParams = z.object({ id: z.string().uuid() })
const ZModuleParams = ZCourseParams.extend({ moduleId: z.string().uuid() })

/**
 * The platform's paid courses (issue 24), written by the global admins (platform.manage) with a
 * price; courses of kind `paid` in the one course model (services/trainings). Segments may be
 * `preview`: shown before the course is owned.
 */
export const globalPaidCourses = {
  listCourses: defineEndpoint({
    method: 'GET',
    path: base,
    response: z.array(ZTrainingCourse),
    action: 'platform.manage',
    tags,
  }),
  getCourse: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: ZTrainingCourseFull,
    action: 'platform.manage',
    tags,
  }),
  createCourse: defineEndpoint({
    method: 'POST',
    path: base,
    body: ZPaidCourseInput,
    response: ZTrainingCourseFull,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  reorderCourses: defineEndpoint({
    method: 'PUT',
    path: `${base}/order`,
    body: ZTrainingOrder,
    response: z.array(ZTrainingCourse),
    action: 'platform.manage',
    tags,
  }),
  updateCourse: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZCourseParams,
    body: ZPaidCourseInput,
    response: ZTrainingCourseFull,
    action: 'platform.manage',
    tags,
  }),
  removeCourse: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'platform.manage',
    tags,
  }),
  listModules: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    response: z.array(ZTrainingModule),
    action: 'platform.manage',
    tags,
  }),
  getModule: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: ZTrainingModule,
    action: 'platform.manage',
    tags,
  }),
  createModule: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  reorderModules: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/order`,
    params: ZCourseParams,
    body: ZTrainingOrder,
    response: z.array(ZTrainingModule),
    action: 'platform.manage',
    tags,
  }),
  updateModule: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    action: 'platform.manage',
    tags,
  }),
  removeModule: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'platform.manage',
    tags,
  }),
}

/**
 * The paid courses as an organisation sees them (issue 24): every employee reads the catalogue
 * (owned or not, price without and with VAT) and the modules — titles for all, content only once
 * the organisation owns the course, except `preview` segments — and buy them (payment with an
 * optional discount code, the webhook granting the course: server/services/paid-courses).
 */
export const paidCourses = {
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/paid-courses',
    params: ZOrgParams,
    response: z.array(ZPaidCourseOffer),
    action: 'trainings.read',
    tags,
  }),
  modules: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/paid-courses/:id/modules',
    params: ZOrgParams.extend({ id: z.string().uuid() }),
    response: z.array(ZTrainingModule),
    action: 'trainings.read',
    tags,
  }),
  /**
   * One segment with its content: a preview, or any once the organisation owns the course; else
   * 403 PAID_COURSE_NOT_OWNED (and TRAINING_SEGMENT_LOCKED in an "in order" course before its turn).
   */
  segment: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/paid-courses/:id/segments/:segmentId',
    params: ZOrgParams.extend({ id: z.string().uuid(), segmentId: z.string().uuid() }),
    response: ZTrainingSegment,
    action: 'trainings.read',
    tags,
  }),
  /** Starts buying a course: the checkout to send the buyer to (none when €0 is due: owned at once). */
  payment: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/paid-courses/:id/payment',
    params: ZOrgParams.extend({ id: z.string().uuid() }),
    query: ZPaidCoursePaymentQuery,
    response: ZPaidCoursePaymentResult,
    status: 201,
    action: 'subscription.manage',
    // A platform admin acting as an employee never spends the salon's money (issue 23).
    impersonation: 'blocked',
    tags,
  }),
  /** The course's price with a discount code, or INVALID_DISCOUNT_CODE (one answer for every reason). */
  discountCode: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/paid-courses/:id/discount-codes/:code',
    params: ZOrgParams.extend({ id: z.string().uuid(), code: ZDiscountCode }),
    response: ZPriceBreakdown,
    action: 'subscription.manage',
    tags,
  }),
  /** Mollie's webhook for a course purchase (form-encoded `id`); the body is never trusted. */
  paymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/paid-courses/payments/webhook',
    params: ZOrgParams,
    body: ZPaymentWebhook,
    response: z.null(),
    format: 'empty',
    status: 200,
    public: true,
    tags,
  }),
}
