import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { respondLocally } from '../../../local-db/customer-documents'
import { EmptyState } from '../../../ui'
import { Blank } from '../../app/blank'
import { deviceId } from '../../kiosk/device-id'
import { deviceName } from '../../kiosk/device-name'
import { useHandOver } from '../../kiosk/kiosk-context'
import { toHandBack } from '../../kiosk/kiosk-db'
import { useReplica } from '../../sync/replica-context'
import { type Answer, DocumentReader } from './document-reader'

/**
 * The customer reads and signs a consent form on the salon's tablet, offline too: the form comes
 * from the replica, the answer goes to the outbox (`customerDocument.respond`, with the hand-over
 * when the form was never sent to them) and shows pending until it syncs, once. Opening it marks
 * it seen the same way. Then the hand-back screen. Inside the hand-over frame (staff stop with the lock).
 */
export function KioskSign() {
  const { t } = useTranslation()
  const { kiosk } = useHandOver()
  const replica = useReplica()
  const data = useLiveQuery(async () => {
    if (!replica || !kiosk.versionId || !kiosk.documentId) return null
    const [doc, version, salon, row] = await Promise.all([
      replica.db.documents.get(kiosk.documentId),
      replica.db.documentVersions.get(kiosk.versionId),
      replica.db.salons.get(kiosk.salonId),
      replica.db.customerDocuments.get(kiosk.submissionId),
    ])
    return doc && version ? { doc, version, salonName: salon?.name ?? '', row } : null
  }, [replica, kiosk.documentId, kiosk.versionId, kiosk.salonId, kiosk.submissionId])

  const base = async () => ({
    id: kiosk.submissionId,
    customerId: kiosk.customerId,
    salonId: kiosk.salonId,
    deviceTime: new Date().toISOString(),
    deviceId: await deviceId(),
    deviceName: (await deviceName()) || undefined,
    ...(kiosk.handOver && data
      ? {
          handOver: {
            documentId: data.doc.id,
            versionId: data.version.id,
            kind: data.doc.kind,
            name: data.version.name,
            versionNumber: data.version.number,
          },
        }
      : {}),
  })

  // Opening it on the tablet is "seen" (queued like the answer; the server keeps it once).
  const status = data?.row?.status
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened form, not per render of its data
  useEffect(() => {
    if (!replica || !data || (status !== undefined && status !== 'notSeen')) return
    void base().then((b) => respondLocally(replica.db, { ...b, status: 'seen' }))
  }, [replica, !!data, status])

  const onAnswer = async (a: Answer) => {
    if (!replica) throw new Error('no replica')
    await respondLocally(replica.db, { ...(await base()), ...a })
    await toHandBack()
  }

  if (data === undefined) return <Blank />
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-5 py-8 sm:px-8">
      {data ? (
        <>
          {data.salonName && <p className="text-base text-muted">{data.salonName}</p>}
          <DocumentReader
            doc={{
              name: data.version.name,
              kind: data.doc.kind,
              versionNumber: data.version.number,
              text: data.version.text,
              pdf: data.version.pdf,
              status: data.row?.status === 'notSeen' || !data.row ? 'seen' : data.row.status,
            }}
            onAnswer={onAnswer}
          />
        </>
      ) : (
        <EmptyState title={t('document-signing.kiosk.missing')} description={t('document-signing.kiosk.missingHint')} />
      )}
    </div>
  )
}
