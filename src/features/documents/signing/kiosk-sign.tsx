import { useLiveQuery } from 'dexie-react-hooks'
import { Lock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../../contract/auth'
import { respondLocally } from '../../../local-db/customer-documents'
import { EmptyState, Modal } from '../../../ui'
import { Blank } from '../../app/blank'
import { deviceId } from '../../kiosk/device-id'
import { deviceName } from '../../kiosk/device-name'
import { endKiosk, type KioskSession, toHandBack } from '../../kiosk/kiosk-db'
import { leaveFullscreen } from '../../kiosk/kiosk-fill'
import { UnlockForm } from '../../kiosk/unlock-form'
import { useReplica } from '../../sync/replica-context'
import { type Answer, DocumentReader } from './document-reader'

/**
 * The customer reads and signs a consent form on the salon's tablet, offline too: the form comes
 * from the replica, the answer goes to the outbox (`customerDocument.respond`, with the hand-over
 * when the form was never sent to them) and shows pending until it syncs, once. Opening it marks
 * it seen the same way. Then the hand-back screen; a small lock lets staff stop.
 */
export function KioskSign({ kiosk, session }: { kiosk: KioskSession; session: EmployeeSession }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [stopping, setStopping] = useState(false)
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
  const stop = async () => {
    await endKiosk()
    leaveFullscreen()
  }

  if (data === undefined) return <Blank />
  return (
    <div className="relative h-full overflow-y-auto bg-canvas" data-testid="kiosk-sign">
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
          <EmptyState
            title={t('document-signing.kiosk.missing')}
            description={t('document-signing.kiosk.missingHint')}
          />
        )}
      </div>
      <button
        type="button"
        onClick={() => setStopping(true)}
        aria-label={t('kiosk.fill.staff')}
        title={t('kiosk.fill.staff')}
        className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full text-muted/70 hover:bg-white hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-dark"
      >
        <Lock aria-hidden className="size-4" />
      </button>
      <Modal open={stopping} onClose={() => setStopping(false)} title={t('kiosk.fill.stopTitle')} width={440}>
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('kiosk.fill.stopHint')}</p>
          <UnlockForm session={session} employeeId={kiosk.employeeId} onUnlocked={stop} />
        </div>
      </Modal>
    </div>
  )
}
