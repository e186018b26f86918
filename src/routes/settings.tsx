import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const SettingsPage = lazyNamed(() => import('../features/organisation/settings-page'), 'SettingsPage')

/** `/{slug}/admin/settings`: the organisation's details and logo (ownOrganisation). */
export const settingsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/settings',
  staticData: { action: 'organisation.manage' },
  component: SettingsPage,
})
