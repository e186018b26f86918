import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const CustomFieldsPage = lazyNamed(() => import('../features/custom-fields/custom-fields-page'), 'CustomFieldsPage')

/**
 * `/{slug}/admin/custom-fields`: the organisation's own customer fields (issue 10). Open to
 * everyone who reads customers (customFields.read: they see the fields in the drawer too);
 * defining them asks customFields.manage (ownOrganisation) on the screen, and the server decides.
 */
export const customFieldsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/custom-fields',
  staticData: { action: 'customFields.read' },
  component: CustomFieldsPage,
})
