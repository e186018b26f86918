import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { API, call } from '../../api/client'
import type { ReplicaDb } from '../../local-db/db'
import { dropReplica } from '../../local-db/drop-replica'
import { ConfirmDialog } from '../../ui'
import { setSession } from '../auth/session'
import { type CustomerSync, unsentSubmissions } from './customer-replica'
import { fillDb } from './draft-db'

/**
 * Leaves nothing of the customer on a shared tablet: their drafts go, and their local database
 * too — unless it still holds submissions waiting to be sent (the sign-out warned; they are sent
 * the next time this customer signs in here), like staff sign-out keeps an unsent outbox.
 */
export async function clearCustomerDevice(db: ReplicaDb, customerId: string) {
  await fillDb()
    .drafts.filter((d) => d.key.endsWith(`:${customerId}`))
    .delete()
  await dropReplica(db, unsentSubmissions)
}

/** Sign-out for the customer area: warns while submissions are unsent, then clears the device. */
export function useCustomerSignOut(sync: CustomerSync | null) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const unsent = useLiveQuery(() => (sync ? unsentSubmissions(sync.db) : 0), [sync?.db], 0)

  const signOut = async () => {
    setAsking(false)
    if (!sync) return setSession('customer', null)
    const { token, db, customerId } = sync
    setSession('customer', null)
    await clearCustomerDevice(db, customerId).catch((e) => console.warn('could not clear the device', e))
    await call(API.auth.logout, { token }).catch(() => undefined)
  }
  // The count read at the click: the live one follows a write a moment later (useUnsentNow, staff side).
  const request = async () => ((sync ? await unsentSubmissions(sync.db) : 0) > 0 ? setAsking(true) : void signOut())
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={t('questionnaire-fill.signOutWarningTitle')}
      message={t('questionnaire-fill.unsentSubmissions', { count: unsent })}
      confirmLabel={t('questionnaire-fill.signOutAnyway')}
      danger
      onCancel={() => setAsking(false)}
      onConfirm={() => void signOut()}
    />
  )
  return { request, dialog }
}
