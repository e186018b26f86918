import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZPlansSearch } from './search'

const SubscriptionPage = lazyNamed(() => import('../features/subscription/subscription-page'), 'SubscriptionPage')
const PlansPage = lazyNamed(() => import('../features/subscription/plans-page'), 'PlansPage')
const PaymentsPage = lazyNamed(() => import('../features/subscription/payments-page'), 'PaymentsPage')
const PaymentReturnPage = lazyNamed(() => import('../features/subscription/payment-return-page'), 'PaymentReturnPage')

/** `/{slug}/admin/subscription`: the current plan, usage and limits (issue 22; online only). */
export const subscriptionRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/subscription',
  staticData: { action: 'subscription.read' },
  component: function SubscriptionRoute() {
    const { slug } = subscriptionRoute.useParams()
    return <SubscriptionPage slug={slug} />
  },
})

/** `/{slug}/admin/subscription/plans?period=`: choose a plan and pay (manageSubscription). */
export const plansRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/subscription/plans',
  staticData: { action: 'subscription.manage' },
  validateSearch: ZPlansSearch,
  component: function PlansRoute() {
    const { slug } = plansRoute.useParams()
    return <PlansPage slug={slug} />
  },
})

/** `/{slug}/admin/subscription/payments`: payments and their invoices. */
export const paymentsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/subscription/payments',
  staticData: { action: 'subscription.read' },
  component: function PaymentsRoute() {
    const { slug } = paymentsRoute.useParams()
    return <PaymentsPage slug={slug} />
  },
})

/**
 * `/{slug}/admin/subscription/payments/{paymentId}`: the return page after the provider's
 * checkout (the backend's redirectUrl, `paymentReturnPath` in features/subscription/paths.ts).
 */
export const paymentReturnRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/subscription/payments/$paymentId',
  staticData: { action: 'subscription.read' },
  component: function PaymentReturnRoute() {
    const { slug, paymentId } = paymentReturnRoute.useParams()
    return <PaymentReturnPage slug={slug} paymentId={paymentId} />
  },
})
