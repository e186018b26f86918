import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const CreditsPage = lazyNamed(() => import('../features/whatsapp-credits/credits-page'), 'CreditsPage')
const PaymentReturnPage = lazyNamed(() => import('../features/subscription/payment-return-page'), 'PaymentReturnPage')

/** `/{slug}/admin/whatsapp-credits`: balance, bundles and history (issue 23; online only). */
export const creditsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/whatsapp-credits',
  staticData: { action: 'subscription.read' },
  component: () => <CreditsPage />,
})

/**
 * `/{slug}/admin/whatsapp-credits/payments/{paymentId}`: the return page after the provider's
 * checkout (the backend's redirectUrl for a credits payment); the subscription's return page,
 * which knows the kind of payment.
 */
export const creditsPaymentRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/whatsapp-credits/payments/$paymentId',
  staticData: { action: 'subscription.read' },
  component: function CreditsPaymentRoute() {
    const { slug, paymentId } = creditsPaymentRoute.useParams()
    return <PaymentReturnPage slug={slug} paymentId={paymentId} />
  },
})
