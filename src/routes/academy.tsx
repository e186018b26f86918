import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZBlueprintCourseSearch } from './search'

const AcademyPage = lazyNamed(() => import('../features/academy/academy-page'), 'AcademyPage')
const AcademyCoursePage = lazyNamed(() => import('../features/academy/academy-course-page'), 'AcademyCoursePage')
const PaymentReturnPage = lazyNamed(() => import('../features/subscription/payment-return-page'), 'PaymentReturnPage')

/**
 * `/{slug}/admin/academy`: the platform's paid courses (issue 24), owned or on sale; every
 * employee (the catalogue online only; owned courses offline too).
 */
export const academyRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/academy',
  staticData: { action: 'trainings.read' },
  component: AcademyPage,
})

/** `/{slug}/admin/academy/{courseId}?segment=`: a course's outline and open segment; Buy when not owned. */
export const academyCourseRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/academy/$courseId',
  staticData: { action: 'trainings.read' },
  validateSearch: ZBlueprintCourseSearch,
  component: function AcademyCourseRoute() {
    const { courseId } = academyCourseRoute.useParams()
    const { segment } = academyCourseRoute.useSearch()
    return <AcademyCoursePage courseId={courseId} segmentId={segment} />
  },
})

/**
 * `/{slug}/admin/academy/payments/{paymentId}`: the return page after the provider's checkout (the
 * backend's redirectUrl for a course payment); the subscription's return page, which knows the
 * kind of payment and ends on the course.
 */
export const academyPaymentRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/academy/payments/$paymentId',
  staticData: { action: 'subscription.read' },
  component: function AcademyPaymentRoute() {
    const { slug, paymentId } = academyPaymentRoute.useParams()
    return <PaymentReturnPage slug={slug} paymentId={paymentId} />
  },
})
