import { AlertTriangle, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ADVICE_CATEGORIES,
  ADVICE_KINDS,
  ADVICE_LENGTHS,
  ADVICE_MARKERS,
  type AdviceAudio,
  type AdviceCategory,
  type AdviceKind,
  type AdviceLength,
  type AdviceMarker,
} from '../../../../contract/advice'
import { type NewAdviceCondition, ZAdviceInput } from '../../../../contract/advice/inputs'
import { VIDEO_URL_RE } from '../../../../contract/questionnaires/questions'
import type { LocalAdvice } from '../../../local-db/types'
import {
  Button,
  CheckboxList,
  FormDrawer,
  notify,
  RadioGroup,
  SelectField,
  TextField,
  useEntityForm,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { getSession } from '../../auth/session'
import { AudioField } from '../audio/audio-field'
import { audioDraftKey } from '../audio/draft-db'
import { useReplica } from '../../sync/replica-context'
import { ConditionForm } from './condition-form'
import { saveAdvice } from './grow-api'
import { RichTextEditor } from './rich-text-editor'
import { brokenConditions, type GrowData, useCanManageGrow, useGrowLock } from './use-grow'
import { VideoEmbed } from './video-embed'

type Form = {
  name: string
  kind: AdviceKind
  groupId: string
  category: AdviceCategory | ''
  length: AdviceLength
  markers: AdviceMarker[]
  contentType: 'text' | 'url'
  text: string
  url: string
  videoUrl: string
  podcastUrl: string
  audio: AdviceAudio | null
  conditionIds: string[]
  /** Conditions made here: saved with the module, in its request (issue 21 #9). */
  newConditions: NewAdviceCondition[]
}

const formOf = (a: LocalAdvice | null, groupId: string | null): Form => ({
  name: a?.name ?? '',
  kind: a?.kind ?? 'customerAdvice',
  groupId: a ? (a.groupId ?? '') : (groupId ?? ''),
  category: a?.category ?? '',
  length: a?.length ?? 'Default',
  markers: a?.markers ?? [],
  contentType: a?.contentType ?? 'text',
  text: a?.text ?? '',
  url: a?.url ?? '',
  videoUrl: a?.videoUrl ?? '',
  podcastUrl: a?.podcastUrl ?? '',
  audio: a?.audio ?? null,
  conditionIds: a?.conditionIds ?? [],
  newConditions: [],
})

type Props = {
  open: boolean
  onClose: () => void
  advice: LocalAdvice | null
  /** A new module's group (the section it was added from). */
  groupId: string | null
  data: GrowData
}

/**
 * Create a Grow module, or read and change one: every field of the spec, the rich text, the
 * embedded video, the audio (recorded or uploaded) and the conditions that choose it (existing
 * ones, or a new one made right here). Online only, for those who manage advice; otherwise the
 * same drawer shows the module read-only and says why.
 */
export function ModuleDrawer({ open, onClose, advice, groupId, data }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const lock = useGrowLock()
  const replica = useReplica()
  const [newCondition, setNewCondition] = useState(false)
  const readOnly = !canManage || !online
  const orgId = getSession('employee')?.employee.organisationId ?? ''
  const salonId = replica?.salonId ?? ''

  const adviceId = advice?.id ?? null
  const engine = useEntityForm({
    schema: ZAdviceInput,
    initial: () => formOf(advice, groupId),
    resetKey: open ? (adviceId ?? 'new') : null,
    onReset: () => setNewCondition(false),
    readOnly: !canManage,
    toInput: (form: Form) => ({
      ...form,
      groupId: form.groupId || null,
      category: form.category || null,
      url: form.url || null,
      videoUrl: form.videoUrl || null,
      podcastUrl: form.podcastUrl || null,
      // Only those still ticked: one unticked again is not made.
      newConditions: form.newConditions.filter((c) => form.conditionIds.includes(c.id)),
    }),
    // A refusal of a new condition (a question removed meanwhile) shows at the conditions.
    fieldOf: (path) => (path.startsWith('newConditions.') ? 'conditionIds' : path),
    submit: async (input) => {
      if (readOnly || !replica) return
      const saved = await saveAdvice({ salonId, id: advice?.id ?? null, input, db: replica.db })
      notify({
        type: 'success',
        message: t(advice ? 'grow.moduleUpdated' : 'grow.moduleCreated', { name: saved.name }),
      })
      onClose()
    },
  })
  const form = engine.values
  const set = engine.patch
  const msg = engine.error

  const broken = brokenConditions(data.conditions, data.questionnaires)
  const conditionOptions = [
    ...data.conditions.map((c) => ({
      value: c.id,
      label: broken.has(c.id) ? `${c.name} (${t('grow.broken')})` : c.name,
    })),
    ...form.newConditions.map((c) => ({ value: c.id, label: `${c.name} (${t('grow.savedWithModule')})` })),
  ]
  const brokenChosen = form.conditionIds.filter((id) => broken.has(id))
  const videoOk = form.videoUrl.trim() !== '' && VIDEO_URL_RE.test(form.videoUrl.trim())
  const title = !advice ? t('grow.newModule') : readOnly ? t('grow.viewModule') : t('grow.editModule')

  return (
    <FormDrawer
      form={engine}
      open={open}
      onClose={onClose}
      title={title}
      formId="grow-module-form"
      className="flex flex-col gap-6"
      submitLabel={advice ? t('common.save') : t('grow.createModule')}
      submitDisabled={readOnly || newCondition}
      notice={readOnly && { text: lock ?? '', testId: 'grow-read-only' }}
    >
      <TextField
        label={t('grow.name')}
        name="name"
        value={form.name}
        maxLength={200}
        disabled={readOnly}
        autoFocus={!readOnly && !advice}
        onChange={(e) => set({ name: e.target.value })}
        error={msg('name')}
      />
      <RadioGroup
        label={t('grow.kind')}
        name="kind"
        value={form.kind}
        onChange={(v) => !readOnly && set({ kind: v as AdviceKind })}
        options={ADVICE_KINDS.map((k) => ({ value: k, label: t(`grow.kinds.${k}`) }))}
        error={msg('kind')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('grow.group')}
          name="groupId"
          value={form.groupId}
          disabled={readOnly}
          onChange={(e) => set({ groupId: e.target.value })}
          options={[
            { value: '', label: t('grow.noGroup') },
            ...data.groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
          error={msg('groupId')}
        />
        <SelectField
          label={t('grow.category')}
          name="category"
          value={form.category}
          disabled={readOnly}
          onChange={(e) => set({ category: e.target.value as AdviceCategory | '' })}
          options={[
            { value: '', label: t('grow.noCategory') },
            ...ADVICE_CATEGORIES.map((c) => ({ value: c, label: t(`grow.categories.${c}`) })),
          ]}
        />
        <SelectField
          label={t('grow.length')}
          name="length"
          value={form.length}
          disabled={readOnly}
          onChange={(e) => set({ length: e.target.value as AdviceLength })}
          options={ADVICE_LENGTHS.map((l) => ({ value: l, label: t(`grow.lengths.${l}`) }))}
          hint={t('grow.lengthHint')}
        />
      </div>
      <CheckboxList
        label={t('grow.markers')}
        value={form.markers}
        onChange={(v) => !readOnly && set({ markers: v as AdviceMarker[] })}
        options={ADVICE_MARKERS.map((m) => ({ value: m, label: t(`grow.markerNames.${m}`) }))}
      />

      <section className="flex flex-col gap-4" aria-labelledby="grow-content-title">
        <h3 id="grow-content-title" className="font-display text-lg text-ink">
          {t('grow.content')}
        </h3>
        <RadioGroup
          label={t('grow.contentType')}
          name="contentType"
          value={form.contentType}
          onChange={(v) => !readOnly && set({ contentType: v as 'text' | 'url' })}
          options={[
            { value: 'text', label: t('grow.contentTypes.text') },
            { value: 'url', label: t('grow.contentTypes.url') },
          ]}
        />
        {form.contentType === 'text' ? (
          <RichTextEditor
            label={t('grow.text')}
            value={form.text}
            disabled={readOnly}
            onChange={(text) => set({ text })}
            error={msg('text')}
          />
        ) : (
          <TextField
            label={t('grow.url')}
            name="url"
            type="url"
            inputMode="url"
            value={form.url}
            disabled={readOnly}
            placeholder="https://"
            onChange={(e) => set({ url: e.target.value })}
            error={msg('url')}
          />
        )}
        <TextField
          label={t('grow.videoUrl')}
          name="videoUrl"
          type="url"
          inputMode="url"
          value={form.videoUrl}
          disabled={readOnly}
          placeholder="https://www.youtube.com/watch?v=…"
          hint={t('grow.videoHint')}
          onChange={(e) => set({ videoUrl: e.target.value })}
          error={msg('videoUrl')}
        />
        {videoOk && <VideoEmbed url={form.videoUrl.trim()} title={t('grow.videoPreview', { name: form.name })} />}
        <TextField
          label={t('grow.podcastUrl')}
          name="podcastUrl"
          type="url"
          inputMode="url"
          value={form.podcastUrl}
          disabled={readOnly}
          placeholder="https://"
          onChange={(e) => set({ podcastUrl: e.target.value })}
          error={msg('podcastUrl')}
        />
        <div>
          <AudioField
            target={{ org: orgId }}
            draftKey={audioDraftKey(orgId, salonId)}
            value={form.audio}
            onChange={(audio) => set({ audio })}
            label={t('grow.audio')}
            disabled={readOnly}
          />
          {!form.audio && readOnly && <p className="text-sm text-muted">{t('grow.noAudio')}</p>}
          {msg('audio') && (
            <p role="alert" className="mt-1 text-sm text-[#a23b35]">
              {msg('audio')}
            </p>
          )}
        </div>
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="grow-conditions-title">
        <h3 id="grow-conditions-title" className="font-display text-lg text-ink">
          {t('grow.conditions')}
        </h3>
        <p className="text-sm text-muted">{t('grow.conditionsExplained')}</p>
        {conditionOptions.length === 0 ? (
          <p className="text-sm text-muted">{t('grow.noConditionsYet')}</p>
        ) : (
          <CheckboxList
            label={<span className="sr-only">{t('grow.conditions')}</span>}
            value={form.conditionIds}
            onChange={(v) => !readOnly && set({ conditionIds: v })}
            options={conditionOptions}
            error={msg('conditionIds')}
          />
        )}
        {form.conditionIds.length === 0 && <p className="text-sm text-ink">{t('grow.alwaysShows')}</p>}
        {brokenChosen.length > 0 && (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-[#fbeeed] px-3 py-2 text-sm text-[#a23b35]">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('grow.brokenChosen')}
          </p>
        )}
        {!readOnly &&
          (newCondition ? (
            <div className="rounded-xl border border-line bg-canvas p-4" data-testid="inline-condition">
              <ConditionForm
                condition={null}
                questionnaires={data.questionnaires}
                onCancel={() => setNewCondition(false)}
                onSaved={() => setNewCondition(false)}
                withModule={(c) => {
                  setNewCondition(false)
                  set({ newConditions: [...form.newConditions, c], conditionIds: [...form.conditionIds, c.id] })
                }}
              />
            </div>
          ) : (
            <div>
              <Button variant="secondary" onClick={() => setNewCondition(true)}>
                <Plus aria-hidden className="size-4" /> {t('grow.newConditionInline')}
              </Button>
            </div>
          ))}
      </section>
    </FormDrawer>
  )
}
