import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const RolesPage = lazyNamed(() => import('../features/roles/roles-page'), 'RolesPage')

/**
 * `/{slug}/admin/roles`: the organisation's roles. Open to everyone who may read roles (policy
 * `roles.read`: those who manage permissions, and those who give roles to employees, read-only);
 * creating and changing them asks `roles.manage` on the screen, and the server decides.
 */
export const rolesRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/roles',
  staticData: { action: 'roles.read' },
  component: RolesPage,
})
