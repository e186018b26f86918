import { useTranslation } from 'react-i18next'
import type { TrainingCourse } from '../../../contract/trainings'
import { ZPaidCourseInput, ZTrainingCourseInput } from '../../../contract/trainings/inputs'
import { useApiMutation } from '../../api/query'
import { CheckboxList, FormDrawer, notify, TextArea, TextField, useEntityForm } from '../../ui'
import { parseHundredths } from '../../ui/hundredths'
import { type CourseForm, courseFormOf, courseInputOf } from './model'
import { canWrite, type EditorScope } from './scope'
import { Toggle } from './toggle'
import { TwoLanguages } from './two-languages'

type Props = {
  scope: EditorScope
  open: boolean
  onClose: () => void
  /** Null: a new course. */
  course: TrainingCourse | null
  onSaved?: (id: string) => void
}

/**
 * A course's title, description, "in order" and (trainings) the roles it is shown to; manuals
 * and paid courses have Dutch and English side by side; a paid course has its price (euro typed,
 * sent as exact cents). Saving needs a connection (REST).
 */
export function CourseDrawer({ scope, open, onClose, course, onSaved }: Props) {
  const { t } = useTranslation()
  const invalidates = [scope.api.listCourses, scope.api.getCourse]
  const create = useApiMutation(scope.api.createCourse, { as: scope.as, invalidates })
  const update = useApiMutation(scope.api.updateCourse, { as: scope.as, invalidates })
  const paid = scope.kind === 'paid'
  const form = useEntityForm({
    schema: paid ? ZPaidCourseInput : ZTrainingCourseInput,
    initial: () => courseFormOf(course, t('common.locale')),
    resetKey: open ? (course?.id ?? 'new') : null,
    toInput: (v: CourseForm) => courseInputOf(v, scope.bilingual, paid),
    // The body's `priceCents` is typed in the `price` field.
    fieldOf: (path: string) => (path === 'priceCents' ? 'price' : path),
    check: (v: CourseForm) =>
      paid && (!v.price.trim() || parseHundredths(v.price) === 'invalid')
        ? { price: t('paid-courses-editor.priceInvalid') }
        : undefined,
    submit: async (body) => {
      const saved = course
        ? await update.mutateAsync({ params: { ...scope.params, id: course.id }, body })
        : await create.mutateAsync({ params: scope.params, body })
      notify({
        type: 'success',
        message: t(course ? 'blueprint-editor.courseSaved' : 'blueprint-editor.courseCreated', { name: saved.title }),
      })
      onClose()
      onSaved?.(saved.id)
    },
  })
  const v = form.values
  const disabled = !canWrite(scope)
  return (
    <FormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={course ? t('blueprint-editor.editCourse') : t('blueprint-editor.newCourse')}
      formId="training-course-form"
      className="flex flex-col gap-5"
      submitLabel={course ? t('common.save') : t('blueprint-editor.createCourse')}
      submitDisabled={!canWrite(scope)}
      notice={
        !canWrite(scope) && {
          text: t(scope.online ? 'blueprint-editor.notInPlan' : 'blueprint-editor.offline'),
          testId: 'course-offline',
        }
      }
    >
      <TwoLanguages
        bilingual={scope.bilingual}
        nl={
          <TextField
            label={scope.bilingual ? t('blueprint-editor.titleNl') : t('blueprint-editor.title')}
            {...form.field('title')}
            maxLength={200}
            disabled={disabled}
            autoFocus={!course}
          />
        }
        en={
          <TextField
            label={t('blueprint-editor.titleEn')}
            {...form.field('titleEn')}
            maxLength={200}
            disabled={disabled}
          />
        }
      />
      <TwoLanguages
        bilingual={scope.bilingual}
        nl={
          <TextArea
            label={scope.bilingual ? t('blueprint-editor.descriptionNl') : t('blueprint-editor.description')}
            {...form.field('description')}
            rows={4}
            disabled={disabled}
          />
        }
        en={
          <TextArea
            label={t('blueprint-editor.descriptionEn')}
            {...form.field('descriptionEn')}
            rows={4}
            disabled={disabled}
          />
        }
      />
      {paid && (
        <TextField
          label={t('paid-courses-editor.price')}
          hint={t('paid-courses-editor.priceHint')}
          {...form.field('price')}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
        />
      )}
      <Toggle
        label={t('blueprint-editor.inOrder')}
        hint={t('blueprint-editor.inOrderHint')}
        checked={v.inOrder}
        disabled={disabled}
        onChange={(inOrder) => form.set('inOrder', inOrder)}
      />
      {scope.roles && (
        <div className="flex flex-col gap-2">
          {scope.roles.length > 0 ? (
            <CheckboxList
              label={t('blueprint-editor.roles')}
              value={v.roleIds}
              onChange={(roleIds) => !disabled && form.set('roleIds', roleIds)}
              options={scope.roles.map((r) => ({ value: r.id, label: r.name }))}
              error={form.error('roleIds')}
            />
          ) : null}
          <p className="text-sm text-muted" data-testid="course-audience">
            {v.roleIds.length === 0
              ? t('blueprint-editor.everyone')
              : t('blueprint-editor.rolesChosen', { count: v.roleIds.length })}
          </p>
        </div>
      )}
    </FormDrawer>
  )
}
