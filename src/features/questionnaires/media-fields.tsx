import { ImageUp, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { VIDEO_URL_RE } from '../../../contract/questionnaires'
import { ApiError } from '../../api/client'
import { Button, cx, TextField, translateValidation, useApiErrorMessage } from '../../ui'
import { StoredImage } from '../auth/stored-image'
import { embedUrl } from '../questionnaire-fill/video'
import { useReplica } from '../sync/replica-context'
import type { DraftQuestion } from './editor-state'
import { fieldError } from './messages'
import { uploadQuestionImage } from './questionnaire-api'

type Props = {
  question: DraftQuestion
  onChange: (patch: Partial<DraftQuestion>) => void
  errors: Record<string, string>
  readOnly: boolean
}

/** Image and video of a question, the way the tablet shows them above the answer. */
export function MediaFields({ question: q, onChange, errors, readOnly }: Props) {
  const { t } = useTranslation()
  const err = fieldError(errors)
  const video = q.videoUrl.trim()
  const videoOk = video === '' || VIDEO_URL_RE.test(video)
  const embed = video && videoOk ? embedUrl(video) : null
  return (
    <div className="flex flex-col gap-5">
      <ImageField question={q} onChange={onChange} serverError={err('image')} readOnly={readOnly} />
      <div className="flex flex-col gap-3">
        <TextField
          label={t('questionnaires.videoUrl')}
          hint={t('questionnaires.videoUrlHint')}
          type="url"
          inputMode="url"
          value={q.videoUrl}
          maxLength={500}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={(e) => onChange({ videoUrl: e.target.value })}
          error={err('videoUrl') ?? (videoOk ? undefined : t('validation.questionnaire.videoUrl'))}
        />
        {embed && (
          <iframe
            title={t('questionnaires.videoPreview')}
            src={embed}
            className="aspect-video w-full max-w-md rounded-xl border border-line"
            allow="fullscreen; picture-in-picture"
          />
        )}
      </div>
    </div>
  )
}

function ImageField({
  question: q,
  onChange,
  serverError,
  readOnly,
}: Omit<Props, 'errors'> & { serverError?: string }) {
  const { t } = useTranslation()
  const id = useId()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const shown = error ?? serverError

  const upload = async (file: File) => {
    if (!replica) return
    setBusy(true)
    setError(null)
    try {
      const saved = await uploadQuestionImage(replica.orgId, file)
      onChange({ image: saved.path })
    } catch (err) {
      // The server checks type and size; its message names the problem ("Only PNG, JPEG…").
      const field = err instanceof ApiError ? err.fieldErrors.file : undefined
      setError(field ? translateValidation(t, field) : errorText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-ink">{t('questionnaires.image')}</span>
      {q.image && (
        <StoredImage
          path={q.image}
          alt=""
          data-testid="question-image"
          className="max-h-48 w-fit max-w-full rounded-xl border border-line object-contain"
        />
      )}
      {!q.image && readOnly && <p className="text-sm text-muted">{t('questionnaires.noImage')}</p>}
      <div className={cx('flex flex-wrap items-center gap-3', readOnly && 'hidden')}>
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:border-primary hover:bg-primary-lighter has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55"
        >
          <ImageUp aria-hidden className="size-4" />
          {busy
            ? t('questionnaires.uploading')
            : t(q.image ? 'questionnaires.replaceImage' : 'questionnaires.uploadImage')}
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            disabled={busy}
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) void upload(file)
            }}
          />
        </label>
        {q.image && (
          <Button variant="ghost" onClick={() => onChange({ image: null })}>
            <Trash2 aria-hidden className="size-4" /> {t('questionnaires.removeImage')}
          </Button>
        )}
      </div>
      {readOnly ? null : shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-[#a23b35]">
          {shown}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('questionnaires.imageHint')}
        </p>
      )}
    </div>
  )
}
