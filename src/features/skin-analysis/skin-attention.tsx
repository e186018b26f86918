import { useLiveQuery } from 'dexie-react-hooks'
import type { TFunction } from 'i18next'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { discardEntry } from '../../local-db/mutations'
import { sendWithoutRefusedPhoto } from '../../local-db/skin-analyses'
import type { OutboxEntry, OutboxError } from '../../local-db/types'
import { Button } from '../../ui/button'
import { translateFieldIssue, validationFields } from '../../ui/errors'
import { useReplica } from '../sync/replica-context'

/** The refused save of this analysis (null: none, or nothing refused). */
export function useRefusedSave(analysisId: string | null): OutboxEntry | null {
  const replica = useReplica()
  return (
    useLiveQuery(async () => {
      if (!replica || !analysisId) return null
      const entries = await replica.db.outbox.where('entityId').equals(analysisId).toArray()
      return entries.find((e) => e.status === 'needsAttention') ?? null
    }, [replica, analysisId]) ?? null
  )
}

/** Why the server refused it, in the reader's language: a photo's type or size, a field, a code. */
export function refusalReason(t: TFunction, error: OutboxError): string {
  if (error.code === 'PHOTO_MISSING') return t('skin-analysis.photoMissing')
  const field = validationFields(error.details)[0]
  if (field) return translateFieldIssue(t, field)
  return t(`errors.${error.code}`, { defaultValue: error.message })
}

/**
 * A save the server refused (issue 11): said on the analysis itself, with the reason, instead of
 * a photo that quietly never arrives. A refused photo can be left out (the rest is sent again);
 * anything else is corrected by discarding and saving a new analysis.
 */
export function SkinAttention({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [busy, setBusy] = useState(false)
  if (!replica || !entry.error || entry.seq === undefined) return null
  const seq = entry.seq
  const reason = refusalReason(t, entry.error)
  const photo = !!entry.error.photo
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  return (
    <div
      role="alert"
      data-testid="skin-attention"
      className="flex flex-col gap-3 rounded-xl border border-[#eec5c1] bg-[#f8e7e5] p-4 text-sm text-[#6e2420]"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{t(photo ? 'skin-analysis.photoRefused' : 'skin-analysis.refused', { reason })}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {photo && (
          <Button
            variant="secondary"
            loading={busy}
            onClick={() => void run(() => sendWithoutRefusedPhoto(replica.db, seq))}
          >
            {t('skin-analysis.sendWithoutPhoto')}
          </Button>
        )}
        <Button variant="ghost" disabled={busy} onClick={() => void run(() => discardEntry(replica.db, seq))}>
          {t('skin-analysis.discard')}
        </Button>
      </div>
    </div>
  )
}
