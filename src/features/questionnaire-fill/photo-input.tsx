import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnswerValue } from '../../../contract/questionnaires'
import type { ReplicaDb } from '../../local-db/db'
import { isLocalPhoto, localPhotoId, storePhoto } from '../../local-db/photos'
import { cx } from '../../ui/cx'
import { useStoredFileUrl } from '../auth/stored-image'
import { shrinkPhoto } from './shrink-photo'

/**
 * Where to show an image answer: a photo still on the device (object URL of its Blob) or one on
 * the server (storage path). Staff screens showing unsent submissions can use it too.
 */
export function usePhotoSrc(db: ReplicaDb | null, value: unknown): string | null {
  const local = isLocalPhoto(value) ? localPhotoId(value) : null
  const blob = useLiveQuery(
    async () => (db && local ? ((await db.photos.get(local))?.blob ?? null) : null),
    [db, local],
  )
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return setUrl(null)
    const u = URL.createObjectURL(blob)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [blob])
  const remote = useStoredFileUrl(!local && typeof value === 'string' && value ? value : null)
  return local ? url : remote
}

type Props = { id: string; value: AnswerValue | undefined; onChange: (v: AnswerValue) => void; db: ReplicaDb }

/**
 * Camera capture for an image question. The photo is stored on the device (works offline) and
 * the answer keeps a local reference; the sync engine uploads it before sending the submission.
 */
export function PhotoInput({ id, value, onChange, db }: Props) {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle')
  const src = usePhotoSrc(db, value)
  const has = typeof value === 'string' && value !== ''
  return (
    <div className="flex flex-col gap-3">
      {src && (
        <img
          src={src}
          alt={t('questionnaire-fill.photoPreview')}
          className="max-h-64 self-start rounded-xl object-contain"
        />
      )}
      {has && isLocalPhoto(value) && <p className="text-base text-muted">{t('questionnaire-fill.photoOnDevice')}</p>}
      <label
        htmlFor={id}
        className={cx(
          'flex min-h-14 cursor-pointer items-center justify-center rounded-xl border-2 border-line bg-white px-5 py-3 text-lg text-ink',
          'hover:border-primary-dark has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark',
        )}
      >
        {state === 'busy'
          ? t('questionnaire-fill.savingPhoto')
          : t(has ? 'questionnaire-fill.retakePhoto' : 'questionnaire-fill.takePhoto')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          setState('busy')
          try {
            onChange(await storePhoto(db, await shrinkPhoto(file)))
            // The replaced photo was only this draft's: it need not wait on the device.
            if (isLocalPhoto(value)) await db.photos.delete(localPhotoId(value))
            setState('idle')
          } catch {
            setState('error')
          }
        }}
      />
      {state === 'error' && <p className="text-[#a23b35]">{t('questionnaire-fill.photoFailed')}</p>}
    </div>
  )
}
