import { reconsentState } from '../../../../contract/documents'
import { useLiveQuery } from 'dexie-react-hooks'
import { useTranslation } from 'react-i18next'
import { v7 as uuidv7 } from 'uuid'
import type { Document } from '../../../../contract/documents'
import type { ReplicaDb } from '../../../local-db/db'
import { Skeleton } from '../../../ui'
import { Choice } from '../../kiosk/choice'
import { useReplica } from '../../sync/replica-context'

/** The organisation's consent forms in the replica (the tablet hands them over offline). */
export function useConsentForms(): Document[] | undefined {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica) return undefined
    const rows = await replica.db.documents.where('kind').equals('consentForm').toArray()
    return rows.filter((d) => !d.archived).sort((a, b) => a.name.localeCompare(b.name))
  }, [replica])
}

/** What this customer has of each consent form (latest first): shown beside the choice. */
function useCustomerConsents(customerId: string | null) {
  const replica = useReplica()
  return useLiveQuery(async () => {
    if (!replica || !customerId) return []
    return replica.db.customerDocuments.where('customerId').equals(customerId).toArray()
  }, [replica, customerId])
}

/** Step "consent form" of the kiosk start: one large choice per consent form (nothing when there are none). */
export function KioskConsentChoices({
  customerId,
  selected,
  onSelect,
}: {
  customerId: string | null
  selected: string | null
  onSelect: (documentId: string | null) => void
}) {
  const { t } = useTranslation()
  const forms = useConsentForms()
  const mine = useCustomerConsents(customerId)
  if (!forms) return <Skeleton className="h-16 w-full" />
  if (forms.length === 0) return null
  return (
    <section className="flex flex-col gap-3" aria-labelledby="kiosk-step-consent">
      <h2 id="kiosk-step-consent" className="text-lg font-medium text-ink">
        {t('document-signing.kiosk.consentForms')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('document-signing.kiosk.consentForms')}>
        {forms.map((f) => {
          const current = mine?.filter((d) => d.documentId === f.id && d.versionId === f.currentVersionId) ?? []
          const badge = current.some((d) => d.status === 'accepted')
            ? t('document-signing.kiosk.alreadyAccepted')
            : current.some((d) => d._pending)
              ? t('document-signing.status.pending')
              : current.some((d) => d.status === 'notSeen' || d.status === 'seen')
                ? t('document-signing.kiosk.sent')
                : // Accepted an older version only: the tablet says so too (issue 12 re-consent).
                  mine && reconsentState(mine, f) === 'needed'
                  ? t('document-signing.kiosk.needsNewConsent')
                  : undefined
          return (
            <li key={f.id}>
              <Choice
                title={f.name}
                detail={t('document-signing.kiosk.consentDetail', { number: f.currentVersionNumber })}
                badge={badge}
                selected={f.id === selected}
                onClick={() => onSelect(f.id === selected ? null : f.id)}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * The customer document a hand-over answers: the current version already sent to this customer
 * and not answered yet, else a new one made by this hand-over (its client id).
 */
export async function consentHandOver(db: ReplicaDb, customerId: string, documentId: string) {
  const doc = await db.documents.get(documentId)
  if (!doc) throw new Error('consent form not in the replica')
  const open = (await db.customerDocuments.where('customerId').equals(customerId).toArray()).find(
    (d) =>
      d.documentId === documentId &&
      d.versionId === doc.currentVersionId &&
      (d.status === 'notSeen' || d.status === 'seen'),
  )
  return open
    ? { customerDocumentId: open.id, versionId: open.versionId, handOver: false }
    : { customerDocumentId: uuidv7(), versionId: doc.currentVersionId, handOver: true }
}
