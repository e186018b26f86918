import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const DocumentsPage = lazyNamed(() => import('../features/documents/admin/documents-page'), 'DocumentsPage')

/**
 * `/{slug}/admin/documents`: the organisation's documents and consent forms (issue 12), for those
 * who manage documents (spec manageDocuments). The list reads the replica offline too; creating
 * and changing them (a new version each time) needs a connection.
 */
export const documentsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/documents',
  staticData: { action: 'documents.manage' },
  component: DocumentsPage,
})
