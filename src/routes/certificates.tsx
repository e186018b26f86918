import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const VerifyCertificatePage = lazyNamed(() => import('../features/certificates/verify-page'), 'VerifyCertificatePage')

/** `/certificates`: type a certificate's code to check it (issue 24; public, no sign-in). */
export const certificatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/certificates',
  component: () => <VerifyCertificatePage />,
})

/** `/certificates/{code}`: the address printed on a certificate; checks it at once. */
export const certificateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/certificates/$code',
  component: function CertificateRoute() {
    return <VerifyCertificatePage code={certificateRoute.useParams().code} />
  },
})
