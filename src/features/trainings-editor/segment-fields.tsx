import { AudioLines, FileText, Type, Video } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SegmentKind } from '../../../contract/trainings'
import { TRAINING_VIDEO_URL_RE } from '../../../contract/trainings/inputs'
import { TextField } from '../../ui'
import { RichTextEditor } from '../advice/modules/rich-text-editor'
import { VideoEmbed } from '../advice/modules/video-embed'
import { PdfField } from '../documents/admin/pdf-field'
import { AudioSegmentField } from './audio-segment-field'
import { audioTargetOf, pdfUploadOf } from './uploads'
import type { SegmentForm } from './model'
import type { EditorScope } from './scope'
import { Toggle } from './toggle'
import { TwoLanguages } from './two-languages'

export const SEGMENT_ICON = { text: Type, audio: AudioLines, pdf: FileText, video: Video } as const satisfies Record<
  SegmentKind,
  unknown
>

type Props = {
  scope: EditorScope
  segment: SegmentForm
  index: number
  onChange: (patch: Partial<SegmentForm>) => void
  /** A field's message by its path in the module body (`segments.2.videoUrl`). */
  error: (path: string) => string | undefined
  disabled: boolean
}

/** One segment in the module drawer: its title (and key, for manuals) and its kind's content. */
export function SegmentFields({ scope, segment: s, index, onChange, error, disabled }: Props) {
  const { t } = useTranslation()
  const at = (f: string) => error(`segments.${index}.${f}`)
  const videoOk = TRAINING_VIDEO_URL_RE.test(s.videoUrl.trim())
  const bi = scope.bilingual
  return (
    <div className="flex flex-col gap-4" data-segment-kind={s.kind}>
      <TwoLanguages
        bilingual={bi}
        nl={
          <TextField
            label={bi ? t('blueprint-editor.segmentTitleNl') : t('blueprint-editor.segmentTitle')}
            value={s.title}
            maxLength={200}
            disabled={disabled}
            onChange={(e) => onChange({ title: e.target.value })}
            error={at('title')}
          />
        }
        en={
          <TextField
            label={t('blueprint-editor.segmentTitleEn')}
            value={s.titleEn}
            maxLength={200}
            disabled={disabled}
            onChange={(e) => onChange({ titleEn: e.target.value })}
            error={at('titleEn')}
          />
        }
      />
      {/* A link key is a manual page's (a screen's help links to it); paid courses have none. */}
      {scope.kind === 'manual' && (
        <TextField
          label={t('blueprint-editor.slug')}
          hint={t('blueprint-editor.slugHint')}
          value={s.slug}
          maxLength={100}
          disabled={disabled}
          onChange={(e) => onChange({ slug: e.target.value })}
          error={at('slug')}
        />
      )}
      {scope.kind === 'paid' && (
        <Toggle
          label={t('paid-courses-editor.preview')}
          hint={t('paid-courses-editor.previewHint')}
          checked={s.preview}
          disabled={disabled}
          onChange={(preview) => onChange({ preview })}
        />
      )}
      {s.kind === 'text' && (
        <>
          <RichTextEditor
            label={bi ? t('blueprint-editor.textNl') : t('blueprint-editor.text')}
            value={s.text}
            disabled={disabled}
            onChange={(text) => onChange({ text })}
            error={at('text')}
          />
          {bi && (
            <RichTextEditor
              label={t('blueprint-editor.textEn')}
              value={s.textEn}
              disabled={disabled}
              onChange={(textEn) => onChange({ textEn })}
              error={at('textEn')}
            />
          )}
        </>
      )}
      {s.kind === 'audio' && (
        <AudioSegmentField
          {...audioTargetOf(scope)}
          value={s.audio}
          onChange={(audio) => onChange({ audio })}
          label={t('blueprint-editor.audio')}
          disabled={disabled}
          error={at('audio')}
        />
      )}
      {s.kind === 'pdf' && (
        <PdfField
          label={t('blueprint-editor.pdf')}
          value={s.pdf}
          upload={pdfUploadOf(scope)}
          onChange={(pdf) => onChange({ pdf: { path: pdf.path, url: pdf.url, name: pdf.name } })}
          disabled={disabled}
          error={at('pdf')}
        />
      )}
      {s.kind === 'video' && (
        <>
          <TextField
            label={t('blueprint-editor.videoUrl')}
            type="url"
            inputMode="url"
            value={s.videoUrl}
            disabled={disabled}
            placeholder="https://www.youtube.com/watch?v=…"
            hint={t('blueprint-editor.videoHint')}
            onChange={(e) => onChange({ videoUrl: e.target.value })}
            error={at('videoUrl')}
          />
          {videoOk && (
            <VideoEmbed url={s.videoUrl.trim()} title={t('blueprint-editor.videoPreview', { name: s.title })} />
          )}
        </>
      )}
    </div>
  )
}

/** A segment card's heading: its kind, and its number in the module. */
export function SegmentHeading({ kind, index }: { kind: SegmentKind; index: number }) {
  const { t } = useTranslation()
  const Icon = SEGMENT_ICON[kind]
  return (
    <p className="flex items-center gap-2 px-1 text-sm font-medium text-ink">
      <Icon aria-hidden className="size-4 text-muted" /> {index + 1}. {t(`blueprint-editor.kinds.${kind}`)}
    </p>
  )
}
