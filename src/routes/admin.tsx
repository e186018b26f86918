import { createRoute, redirect } from '@tanstack/react-router'
import { getSession } from '../features/auth/session'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZTokenSearch } from './search'

const EmployeeSignInPage = lazyNamed(() => import('../features/auth/employee-sign-in-page'), 'EmployeeSignInPage')
const ResetPasswordPage = lazyNamed(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage')

/** `/admin`: staff sign-in without a web address; a signed-in employee goes to their own area. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: ({ location }) => {
    const session = getSession('employee')
    if (session && location.pathname.replace(/\/$/, '') === '/admin')
      throw redirect({ to: '/$slug/admin', params: { slug: session.employee.organisationSlug }, replace: true })
  },
})

export const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: () => <EmployeeSignInPage />,
})

export const resetPasswordRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/reset-password',
  validateSearch: ZTokenSearch,
  component: function ResetPasswordRoute() {
    const { token } = resetPasswordRoute.useSearch()
    return <ResetPasswordPage token={token} />
  },
})

/** `/admin/set-password?token=`: the invitation link; an invited employee sets their first password. */
export const setPasswordRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/set-password',
  validateSearch: ZTokenSearch,
  component: function SetPasswordRoute() {
    const { token } = setPasswordRoute.useSearch()
    return <ResetPasswordPage token={token} purpose="invitation" />
  },
})

/** `/admin/<screen>`: the same screen in the signed-in employee's own area, else sign-in. */
export const adminSplatRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '$',
  beforeLoad: ({ params }) => {
    const session = getSession('employee')
    if (session)
      throw redirect({ href: `/${session.employee.organisationSlug}/admin/${params._splat ?? ''}`, replace: true })
  },
  component: () => <EmployeeSignInPage />,
})
