import { ImagePlus, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { isoToDateText } from '../../../contract/dates'
import {
  FITZPATRICK_TYPES,
  type Fitzpatrick,
  SKIN_CONCERNS,
  SKIN_NOTES_MAX,
  SKIN_PHOTOS_MAX,
  SKIN_TYPES,
  type SkinAnalysis,
  type SkinConcern,
  type SkinFinding,
  type SkinPhoto,
  type SkinType,
} from '../../../contract/skin-analysis'
import { isLocalPhoto, localPhotoId, storePhoto } from '../../local-db/photos'
import { saveSkinAnalysis } from '../../local-db/skin-analyses'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { DateField } from '../../ui/date-field'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { notify } from '../../ui/notifications'
import { TextArea, TextField } from '../../ui/fields'
import { usePhotoSrc } from '../questionnaire-fill/photo-input'
import { shrinkPhoto } from '../questionnaire-fill/shrink-photo'
import { useReplica } from '../sync/replica-context'
import { analysisDay, localToday } from './analysis-day'
import { FaceMap } from './face-map'

/**
 * A new skin analysis (issue 11), started from the latest one so a check-up only changes what
 * changed. Saved on the device at once and sent by the sync (offline too; photos are kept on the
 * device and uploaded first). Each save is kept: the history shows every one.
 */
export function SkinAnalysisForm({
  customerId,
  from,
  onDone,
}: {
  customerId: string
  from: SkinAnalysis | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [concern, setConcern] = useState<SkinConcern>('acne')
  const form = useEntityForm({
    schema: z.custom<{ analysedOn: string }>(),
    initial: () => ({
      day: isoToDateText(localToday()),
      skinType: (from?.skinType ?? null) as SkinType | null,
      fitzpatrick: (from?.fitzpatrick ?? null) as Fitzpatrick | null,
      findings: from?.findings ?? ([] as SkinFinding[]),
      notes: '',
      photos: [] as SkinPhoto[],
    }),
    // The day is typed as text: read as the analysis day, or said what is wrong with it.
    validate: (v) => {
      const parsed = analysisDay(v.day, localToday())
      return parsed.ok
        ? { ok: true, data: { analysedOn: parsed.iso } }
        : { ok: false, errors: { day: t(`validation.${parsed.code}`, parsed.params) } }
    },
    submit: async ({ analysedOn }, v) => {
      if (!replica) return
      await saveSkinAnalysis(replica.db, {
        customerId,
        salonId: replica.salonId,
        analysedOn,
        skinType: v.skinType,
        fitzpatrick: v.fitzpatrick,
        findings: v.findings,
        notes: v.notes.trim(),
        photos: v.photos.map((p) => ({ ...p, takenOn: p.takenOn || analysedOn })),
      })
      notify({ type: 'success', message: t('skin-analysis.saved') })
      onDone()
    },
  })
  if (!replica) return null
  const { day, skinType, fitzpatrick: fitz, findings, notes, photos } = form.values
  const countOf = (c: SkinConcern) => findings.filter((f) => f.concern === c).length

  return (
    <EntityFormElement form={form} id="skin-analysis-form" data-testid="skin-analysis-form">
      <div className="flex flex-wrap items-end gap-4">
        <DateField
          label={t('skin-analysis.analysedOn')}
          value={day}
          onChange={(v) => form.set('day', v)}
          error={form.error('day')}
          className="max-w-[12rem]"
        />
      </div>
      <Chips
        legend={t('skin-analysis.skinType')}
        options={SKIN_TYPES.map((s) => ({ value: s, label: t(`skin-analysis.skinTypes.${s}`) }))}
        value={skinType}
        onChange={(v) => form.set('skinType', v as SkinType | null)}
      />
      <Chips
        legend={t('skin-analysis.fitzpatrick')}
        hint={t('skin-analysis.fitzpatrickHint')}
        options={FITZPATRICK_TYPES.map((f) => ({ value: f, label: f }))}
        value={fitz}
        onChange={(v) => form.set('fitzpatrick', v as Fitzpatrick | null)}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink">{t('skin-analysis.concernsTitle')}</legend>
        <p className="text-sm text-muted">{t('skin-analysis.mapHint')}</p>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('skin-analysis.concernsTitle')}>
          {SKIN_CONCERNS.map((c) => (
            // biome-ignore lint/a11y/useSemanticElements: chip-styled radio buttons
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={concern === c}
              onClick={() => setConcern(c)}
              className={cx(
                'min-h-11 rounded-full border px-3 text-sm transition',
                concern === c ? 'border-primary-dark bg-primary-light text-ink' : 'border-line bg-white text-muted',
              )}
            >
              {t(`skin-analysis.concerns.${c}`)}
              {countOf(c) > 0 && <span className="ml-1 font-semibold text-ink">· {countOf(c)}</span>}
            </button>
          ))}
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,20rem)_1fr]">
          <FaceMap findings={findings} concern={concern} onChange={(next) => form.set('findings', next)} />
          <SeverityLegend />
        </div>
      </fieldset>
      <TextArea
        label={t('skin-analysis.notes')}
        value={notes}
        maxLength={SKIN_NOTES_MAX}
        onChange={(e) => form.set('notes', e.target.value)}
        rows={3}
      />
      <PhotosField photos={photos} onChange={(next) => form.set('photos', next)} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={form.isBusy}>
          {t('skin-analysis.save')}
        </Button>
      </div>
    </EntityFormElement>
  )
}

export function SeverityLegend() {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-2 text-sm text-muted" aria-label={t('skin-analysis.legend')}>
      {([1, 2, 3] as const).map((s) => (
        <li key={s} className="flex items-center gap-2">
          <span
            aria-hidden
            className={cx(
              'inline-block size-4 rounded border border-[#b9a58f]',
              s === 1 ? 'bg-[#f3d9b8]' : s === 2 ? 'bg-[#e8a87c]' : 'bg-[#c8614a]',
            )}
          />
          {s} · {t(`skin-analysis.severity.${s}`)}
        </li>
      ))}
    </ul>
  )
}

function Chips({
  legend,
  hint,
  options,
  value,
  onChange,
}: {
  legend: string
  hint?: string
  options: { value: string; label: string }[]
  value: string | null
  onChange: (v: string | null) => void
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      {hint && <p className="-mt-1 mb-2 text-sm text-muted">{hint}</p>}
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={legend}>
        {options.map((o) => (
          // biome-ignore lint/a11y/useSemanticElements: chip-styled radio buttons (tap again to clear)
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            onClick={() => onChange(value === o.value ? null : o.value)}
            className={cx(
              'min-h-11 min-w-11 rounded-full border px-3 text-sm transition',
              value === o.value ? 'border-primary-dark bg-primary-light text-ink' : 'border-line bg-white text-muted',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

function PhotosField({ photos, onChange }: { photos: SkinPhoto[]; onChange: (p: SkinPhoto[]) => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [uploading, setUploading] = useState(false)
  const [failed, setFailed] = useState(false)
  if (!replica) return null
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-ink">{t('skin-analysis.photos')}</legend>
      <p className="-mt-1 text-sm text-muted">{t('skin-analysis.photosHint')}</p>
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((p, i) => (
            <li key={p.path} className="flex flex-col gap-2 rounded-xl border border-line p-2">
              <SkinPhotoImage path={p.path} alt={p.caption || t('skin-analysis.photo')} />
              <TextField
                label={t('skin-analysis.caption')}
                value={p.caption}
                maxLength={200}
                onChange={(e) => onChange(photos.map((x, j) => (j === i ? { ...x, caption: e.target.value } : x)))}
              />
              <Button
                variant="secondary"
                onClick={async () => {
                  onChange(photos.filter((_, j) => j !== i))
                  if (isLocalPhoto(p.path)) await replica.db.photos.delete(localPhotoId(p.path))
                }}
              >
                <X aria-hidden className="size-4" /> {t('skin-analysis.removePhoto')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < SKIN_PHOTOS_MAX && (
        <label className="flex min-h-12 cursor-pointer items-center justify-center gap-2 self-start rounded-xl border-2 border-line bg-white px-4 text-ink hover:border-primary-dark has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark">
          <ImagePlus aria-hidden className="size-5" />
          {uploading ? t('skin-analysis.savingPhoto') : t('skin-analysis.addPhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              setUploading(true)
              setFailed(false)
              try {
                const path = await storePhoto(replica.db, await shrinkPhoto(file))
                onChange([...photos, { path, takenOn: '', caption: '' }])
              } catch {
                setFailed(true)
              } finally {
                setUploading(false)
              }
            }}
          />
        </label>
      )}
      {failed && <p className="text-sm text-[#a23b35]">{t('skin-analysis.photoFailed')}</p>}
    </fieldset>
  )
}

/** A skin photo: still on this device (not uploaded yet) or stored on the server. */
export function SkinPhotoImage({ path, alt }: { path: string; alt: string }) {
  const replica = useReplica()
  const src = usePhotoSrc(replica?.db ?? null, path)
  if (!src) return <div className="aspect-square w-full animate-pulse rounded-lg bg-canvas" />
  return <img src={src} alt={alt} className="aspect-square w-full rounded-lg object-cover" />
}
