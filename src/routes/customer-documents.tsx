import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const MyDocumentsPage = lazyNamed(() => import('../features/documents/signing/my-documents-page'), 'MyDocumentsPage')

/** `/{slug}/documents`: the signed-in customer's documents and consent forms (issue 12; read offline once fetched). */
export const customerDocumentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/documents',
  component: function CustomerDocumentsRoute() {
    const { slug } = customerDocumentsRoute.useParams()
    return <MyDocumentsPage slug={slug} />
  },
})
