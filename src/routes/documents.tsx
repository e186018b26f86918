import { createRoute } from '@tanstack/react-router'
import { customerPagesRoute } from './customer-pages'
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

const MyDocumentsPage = lazyNamed(() => import('../features/documents/signing/my-documents-page'), 'MyDocumentsPage')

/** `/{slug}/documents`: the signed-in customer's documents and consent forms (issue 12; read offline once fetched). */
export const customerDocumentsRoute = createRoute({
  getParentRoute: () => customerPagesRoute,
  path: '/$slug/documents',
  component: MyDocumentsPage,
})
