import { Navigate } from '@tanstack/react-router'
import { useEmployeeSession } from '../auth/session'
import { SyncProvider } from '../sync/sync-provider'
import { KioskPage } from './kiosk-page'

/**
 * `/{slug}/admin/kiosk`: the signed-in employee's replica (customers and questionnaires come from
 * it, the submission goes into its outbox) without the staff shell. Not signed in here: the staff
 * area's sign-in; a hand-over in progress resumes after it.
 */
export function KioskArea({ slug, customerId }: { slug: string; customerId: string | null }) {
  const session = useEmployeeSession()
  if (!session || session.employee.organisationSlug !== slug)
    return <Navigate to="/$slug/admin" params={{ slug }} replace />
  return (
    <SyncProvider>
      <KioskPage slug={slug} session={session} preselectedCustomerId={customerId} />
    </SyncProvider>
  )
}
