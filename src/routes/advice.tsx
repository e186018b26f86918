import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const MyAdvicePage = lazyNamed(() => import('../features/advice/customer/my-advice-page'), 'MyAdvicePage')

/** `/{slug}/advice`: the signed-in customer's advice (customer area; works offline once fetched). */
export const customerAdviceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/advice',
  component: function CustomerAdviceRoute() {
    const { slug } = customerAdviceRoute.useParams()
    return <MyAdvicePage slug={slug} />
  },
})
