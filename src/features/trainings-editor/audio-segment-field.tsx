import { Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceAudio } from '../../../contract/advice'
import { MAX_AUDIO_BYTES } from '../../../contract/endpoints/uploads'
import { ApiError } from '../../api/client'
import { Button, translateValidation, useApiErrorMessage } from '../../ui'
import { type AudioTarget, postAudio } from '../advice/audio/audio-api'
import { AudioField } from '../advice/audio/audio-field'

/**
 * A segment's audio: recorded right here (Grow's recorder: draft kept on the device, MP3 in a
 * worker, upload) or an MP3 file chosen from the device. The server checks the file by its bytes
 * and works out its length.
 */
export function AudioSegmentField(props: {
  /** The organisation's files or the platform's (editors' uploads.ts); the recording's draft key. */
  target: AudioTarget
  draftKey: string
  value: AdviceAudio | null
  onChange: (audio: AdviceAudio | null) => void
  label: string
  disabled?: boolean
  error?: string
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const choose = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    if (file.size > MAX_AUDIO_BYTES) return setProblem(t('blueprint-editor.audioTooLarge'))
    setBusy(true)
    try {
      const form = new FormData()
      form.append('id', crypto.randomUUID())
      form.append('file', file, file.name)
      props.onChange(await postAudio(props.target, form))
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.file : undefined
      setProblem(field ? translateValidation(t, field) : errorText(err))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  const message = problem ?? props.error
  return (
    <div className="flex flex-col gap-3">
      <AudioField
        target={props.target}
        draftKey={props.draftKey}
        value={props.value}
        onChange={props.onChange}
        label={props.label}
        disabled={props.disabled || busy}
      />
      {!props.disabled && (
        <div>
          <input
            ref={input}
            type="file"
            accept="audio/mpeg,.mp3"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('blueprint-editor.audioUpload')}
            data-testid="audio-file-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden className="size-4" />
            {busy ? t('blueprint-editor.audioUploading') : t('blueprint-editor.audioUpload')}
          </Button>
        </div>
      )}
      {message && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {message}
        </p>
      )}
    </div>
  )
}
