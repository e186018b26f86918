import { Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SEGMENT_KINDS, type TrainingModule } from '../../../contract/trainings'
import { ZTrainingModuleInput } from '../../../contract/trainings/inputs'
import { useApiMutation } from '../../api/query'
import { Button, FormDrawer, notify, TextField, useEntityForm } from '../../ui'
import { type ModuleForm, moduleFormOf, moduleInputOf, moveItem, newSegment, type SegmentForm } from './model'
import { canWrite, type EditorScope } from './scope'
import { SEGMENT_ICON, SegmentFields, SegmentHeading } from './segment-fields'
import { SortableList } from './sortable-list'
import { TwoLanguages } from './two-languages'

type Props = {
  scope: EditorScope
  courseId: string
  open: boolean
  onClose: () => void
  /** Null: a new module. */
  module: TrainingModule | null
}

/**
 * A module: its title and its ordered segments (text, audio, PDF, video), each added, changed,
 * moved (drag, arrow keys, move buttons) or removed here and saved together in one request; the
 * server keeps a segment named by id (and everyone's progress in it). Online only.
 */
export function ModuleDrawer({ scope, courseId, open, onClose, module }: Props) {
  const { t } = useTranslation()
  const invalidates = [scope.api.getCourse, scope.api.listModules]
  const create = useApiMutation(scope.api.createModule, { as: scope.as, invalidates })
  const update = useApiMutation(scope.api.updateModule, { as: scope.as, invalidates })
  const form = useEntityForm({
    schema: ZTrainingModuleInput,
    initial: () => moduleFormOf(module),
    resetKey: open ? (module?.id ?? 'new') : null,
    toInput: (v: ModuleForm) => moduleInputOf(v, scope.bilingual),
    submit: async (body) => {
      const params = { ...scope.params, id: courseId }
      const saved = module
        ? await update.mutateAsync({ params: { ...params, moduleId: module.id }, body })
        : await create.mutateAsync({ params, body })
      notify({
        type: 'success',
        message: t(module ? 'blueprint-editor.moduleSaved' : 'blueprint-editor.moduleCreated', { name: saved.title }),
      })
      onClose()
    },
  })
  const segments = form.values.segments
  const disabled = !canWrite(scope)
  const setSegments = (next: SegmentForm[]) => form.set('segments', next)
  const patchSegment = (i: number, patch: Partial<SegmentForm>) =>
    setSegments(segments.map((s, j) => (j === i ? { ...s, ...patch } : s)))
  const nameOf = (s: SegmentForm, i: number) => s.title || t('blueprint-editor.segmentN', { n: i + 1 })

  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={module ? t('blueprint-editor.editModule') : t('blueprint-editor.newModule')}
      formId="training-module-form"
      className="flex flex-col gap-5"
      submitLabel={module ? t('common.save') : t('blueprint-editor.createModule')}
      submitDisabled={disabled}
      notice={
        !canWrite(scope) && {
          text: t(scope.online ? 'blueprint-editor.notInPlan' : 'blueprint-editor.offline'),
          testId: 'module-offline',
        }
      }
    >
      <TwoLanguages
        bilingual={scope.bilingual}
        nl={
          <TextField
            label={scope.bilingual ? t('blueprint-editor.moduleTitleNl') : t('blueprint-editor.moduleTitle')}
            {...form.field('title')}
            maxLength={200}
            disabled={disabled}
            autoFocus={!module}
          />
        }
        en={
          <TextField
            label={t('blueprint-editor.moduleTitleEn')}
            {...form.field('titleEn')}
            maxLength={200}
            disabled={disabled}
          />
        }
      />
      <section className="flex flex-col gap-3" aria-labelledby="training-segments-title">
        <h3 id="training-segments-title" className="font-display text-lg text-ink">
          {t('blueprint-editor.segments')}
        </h3>
        {segments.length === 0 ? (
          <p className="text-sm text-muted">{t('blueprint-editor.noSegments')}</p>
        ) : (
          <SortableList
            items={segments}
            keyOf={(s) => s.key}
            nameOf={nameOf}
            label={t('blueprint-editor.segments')}
            reorder={!disabled && segments.length > 1}
            onMove={(from, to) => setSegments(moveItem(segments, from, to))}
            testId="segment-row"
            variant="card"
            header={(s, i) => <SegmentHeading kind={s.kind} index={i} />}
            actions={(s, i) =>
              !disabled && (
                <Button
                  variant="ghost"
                  aria-label={t('blueprint-editor.removeSegment', { name: nameOf(s, i) })}
                  onClick={() => setSegments(segments.filter((x) => x.key !== s.key))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              )
            }
          >
            {(s, i) => (
              <SegmentFields
                scope={scope}
                segment={s}
                index={i}
                disabled={disabled}
                onChange={(patch) => patchSegment(i, patch)}
                error={form.error}
              />
            )}
          </SortableList>
        )}
        {!disabled && (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-ink">{t('blueprint-editor.addSegment')}</p>
            <div className="flex flex-wrap gap-2">
              {SEGMENT_KINDS.map((k) => {
                const Icon = SEGMENT_ICON[k]
                return (
                  <Button
                    key={k}
                    variant="secondary"
                    onClick={() => setSegments([...segments, newSegment(k, crypto.randomUUID())])}
                  >
                    <Plus aria-hidden className="size-4" />
                    <Icon aria-hidden className="size-4" />
                    {t(`blueprint-editor.kinds.${k}`)}
                  </Button>
                )
              })}
            </div>
          </div>
        )}
      </section>
    </FormDrawer>
  )
}
