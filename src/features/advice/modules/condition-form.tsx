import { AlertTriangle, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { v7 as uuidv7 } from 'uuid'
import { useTranslation } from 'react-i18next'
import type { AdviceCondition } from '../../../../contract/advice'
import { OPERATORS_BY_TYPE, subconditionProblems, VALUELESS_OPERATORS } from '../../../../contract/advice/check'
import { type NewAdviceCondition, ZAdviceConditionInput } from '../../../../contract/advice/inputs'
import type { AdviceOperator, Subcondition } from '../../../../contract/conditions/advice'
import type { LocalQuestionnaire } from '../../../local-db/types'
import {
  Button,
  CheckboxList,
  FormDrawer,
  FormError,
  messageRef,
  notify,
  SelectField,
  TextField,
  useEntityForm,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { useReplica } from '../../sync/replica-context'
import { saveAdviceCondition } from './grow-api'
import { checkable, useCanManageGrow } from './use-grow'

/** A subcondition as the form edits it: typed values kept as text until saved. */
type Draft = {
  questionnaireId: string
  questionId: string
  operator: AdviceOperator | ''
  text: string
  values: string[]
}

const draftOf = (s: Subcondition): Draft => ({
  questionnaireId: s.questionnaireId,
  questionId: s.questionId,
  operator: s.operator,
  text: s.value === undefined ? '' : String(s.value),
  values: s.values ?? [],
})
const emptyDraft = (questionnaireId = ''): Draft => ({
  questionnaireId,
  questionId: '',
  operator: '',
  text: '',
  values: [],
})

type Question = LocalQuestionnaire['questions'][number]
/** The form's values: the subconditions as drafts, at the path the API's field errors name. */
type ConditionValues = { name: string; subconditions: Draft[] }

/** The draft as the API takes it (values typed by the question's type). */
function subconditionOf(d: Draft, question: Question | undefined): Subcondition {
  const s: Subcondition = {
    questionnaireId: d.questionnaireId,
    questionId: d.questionId,
    operator: (d.operator || 'answered') as AdviceOperator,
  }
  if (!d.operator || VALUELESS_OPERATORS.includes(d.operator)) return s
  if (d.operator === 'anyOf' || d.operator === 'noneOf') return { ...s, values: d.values }
  if (d.text.trim() === '') return s
  switch (question?.type) {
    case 'number':
    case 'rating': {
      const n = Number(d.text.replace(',', '.'))
      return { ...s, value: Number.isFinite(n) ? n : d.text }
    }
    case 'boolean':
      return { ...s, value: d.text === 'true' }
    default:
      return { ...s, value: d.text.trim() }
  }
}

type Props = {
  condition: AdviceCondition | null
  questionnaires: readonly LocalQuestionnaire[]
  onSaved: (c: AdviceCondition) => void
  /**
   * Made in a module's drawer (issue 21 #9): checked here, kept by the module's form and saved with
   * the module in one request, so a refused module leaves no condition. Instead of saving it.
   */
  withModule?: (c: NewAdviceCondition) => void
  onCancel: () => void
  /** Shown in its own drawer (the conditions tab); none: inline, with its buttons inside. */
  drawer?: { open: boolean; onClose: () => void; title: string; submitLabel: string; notice?: ReactNode }
}

/**
 * A Grow condition: its name and subconditions on questionnaire answers (questionnaire →
 * question → an operator that fits the question's type → a value: the options by their employee
 * titles, a number, a date, yes or no). All subconditions must be met. A stored condition that
 * points to a removed question or option says what is missing.
 */
export function ConditionForm({ condition, questionnaires, onSaved, withModule, onCancel, drawer }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const replica = useReplica()
  const readOnly = !canManage || !online

  const questionOf = (d: Draft) =>
    questionnaires.find((q) => q.id === d.questionnaireId)?.questions.find((q) => q.id === d.questionId)
  const toInput = (v: ConditionValues) => ({
    name: v.name,
    subconditions: v.subconditions.map((d) => subconditionOf(d, questionOf(d))),
  })
  const form = useEntityForm({
    schema: ZAdviceConditionInput,
    initial: (): ConditionValues => ({
      name: condition?.name ?? '',
      subconditions: condition ? condition.subconditions.map(draftOf) : [emptyDraft(questionnaires[0]?.id)],
    }),
    // The drawer starts over each time it opens.
    resetKey: drawer ? drawer.open : undefined,
    readOnly,
    toInput,
    // What the contract's check of subconditions says against the questionnaires on this device.
    check: (v) => {
      const parsed = ZAdviceConditionInput.safeParse(toInput(v))
      if (!parsed.success) return undefined
      const local = subconditionProblems(parsed.data.subconditions, checkable(questionnaires))
      return Object.fromEntries(
        local.map((p) => [`subconditions.${p.index}.${p.path}`, messageRef(p.code, { number: String(p.index + 1) })]),
      )
    },
    submit: async (input) => {
      if (readOnly || !replica) return
      if (withModule) return withModule({ id: uuidv7(), ...input })
      const saved = await saveAdviceCondition({
        salonId: replica.salonId,
        id: condition?.id ?? null,
        input,
        db: replica.db,
      })
      notify({
        type: 'success',
        message: t(condition ? 'grow.conditionUpdated' : 'grow.conditionCreated', { name: saved.name }),
      })
      onSaved(saved)
    },
  })
  const drafts = form.values.subconditions

  const stored = condition ? subconditionProblems(condition.subconditions, checkable(questionnaires)) : []
  const msg = form.error
  const setDrafts = (next: Draft[]) => form.set('subconditions', next)
  const change = (i: number, patch: Partial<Draft>) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)))

  const fields = (
    <>
      <TextField
        label={t('grow.conditionName')}
        {...form.field('name')}
        name="conditionName"
        maxLength={200}
        disabled={readOnly}
      />
      <p className="rounded-lg bg-primary-light px-3.5 py-2.5 text-sm text-ink">{t('grow.allMustBeMet')}</p>
      <ol className="flex flex-col gap-4">
        {drafts.map((d, i) => {
          const questionnaire = questionnaires.find((q) => q.id === d.questionnaireId)
          const question = questionOf(d)
          const operators = question ? OPERATORS_BY_TYPE[question.type] : []
          const problem = stored.find((p) => p.index === i)
          const errorAt = (k: string) => msg(`subconditions.${i}.${k}`)
          const optionItems = (question?.options ?? []).map((o) => ({ value: o.id, label: o.employeeTitle }))
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: subconditions are edited in place by position
              key={i}
              className="flex flex-col gap-3 rounded-xl border border-line bg-white p-3.5"
              data-testid="subcondition"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-muted">{t('grow.subcondition', { number: i + 1 })}</span>
                {!readOnly && drafts.length > 1 && (
                  <Button
                    variant="ghost"
                    aria-label={t('grow.removeSubcondition', { number: i + 1 })}
                    onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                )}
              </div>
              {problem && (
                <p
                  role="alert"
                  className="flex items-start gap-2 rounded-lg bg-[#fbeeed] px-3 py-2 text-sm text-[#a23b35]"
                >
                  <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {t(`validation.${problem.code}`, { number: i + 1 })}
                </p>
              )}
              <SelectField
                label={t('grow.questionnaire')}
                value={d.questionnaireId}
                disabled={readOnly}
                onChange={(e) => change(i, { ...emptyDraft(e.target.value) })}
                options={[
                  { value: '', label: t('grow.chooseQuestionnaire') },
                  ...questionnaires.map((q) => ({ value: q.id, label: q.name })),
                ]}
                error={errorAt('questionnaireId')}
              />
              {questionnaire && (
                <SelectField
                  label={t('grow.question')}
                  value={d.questionId}
                  disabled={readOnly}
                  onChange={(e) => change(i, { questionId: e.target.value, operator: '', text: '', values: [] })}
                  options={[
                    { value: '', label: t('grow.chooseQuestion') },
                    ...questionnaire.questions
                      .filter((q) => q.type !== 'information')
                      .map((q) => ({ value: q.id, label: q.name })),
                  ]}
                  error={errorAt('questionId')}
                />
              )}
              {question && (
                <SelectField
                  label={t('grow.operator')}
                  value={d.operator}
                  disabled={readOnly}
                  onChange={(e) => change(i, { operator: e.target.value as AdviceOperator, text: '', values: [] })}
                  options={[
                    { value: '', label: t('grow.chooseOperator') },
                    ...operators.map((o) => ({ value: o, label: t(`grow.operators.${o}`) })),
                  ]}
                  error={errorAt('operator')}
                />
              )}
              {question && d.operator && !VALUELESS_OPERATORS.includes(d.operator) && (
                <ValueInput
                  draft={d}
                  question={question}
                  options={optionItems}
                  disabled={readOnly}
                  onChange={(patch) => change(i, patch)}
                  error={errorAt('value') ?? errorAt('values') ?? msg(`subconditions.${i}.values.0`)}
                />
              )}
            </li>
          )
        })}
      </ol>
      {msg('subconditions') && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {msg('subconditions')}
        </p>
      )}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              setDrafts([...drafts, emptyDraft(drafts[drafts.length - 1]?.questionnaireId ?? questionnaires[0]?.id)])
            }
          >
            <Plus aria-hidden className="size-4" /> {t('grow.addSubcondition')}
          </Button>
        </div>
      )}
    </>
  )
  // The inline form sits inside the module drawer's form: a nested <form> is not allowed, so
  // the inline one is a group whose button submits it.
  if (drawer)
    return (
      <FormDrawer
        form={form}
        open={drawer.open}
        onClose={drawer.onClose}
        title={drawer.title}
        formId="grow-condition-form"
        submitLabel={drawer.submitLabel}
        before={drawer.notice}
        data-testid="condition-form"
      >
        {fields}
      </FormDrawer>
    )
  return (
    <div className="flex flex-col gap-5" data-testid="condition-form">
      {form.formError && <FormError text={form.formError} />}
      {fields}
      {!readOnly && (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={form.isBusy} onClick={() => void form.onSubmit()}>
            {t('grow.createCondition')}
          </Button>
        </div>
      )}
    </div>
  )
}

function ValueInput(p: {
  draft: Draft
  question: Question
  options: { value: string; label: string }[]
  disabled: boolean
  onChange: (patch: Partial<Draft>) => void
  error?: string
}) {
  const { t } = useTranslation()
  const { draft: d, question: q } = p
  if (d.operator === 'anyOf' || d.operator === 'noneOf')
    return (
      <CheckboxList
        label={t('grow.values')}
        value={d.values}
        onChange={(values) => !p.disabled && p.onChange({ values })}
        options={p.options}
        error={p.error}
      />
    )
  if (q.type === 'option')
    return (
      <SelectField
        label={t('grow.value')}
        value={d.text}
        disabled={p.disabled}
        onChange={(e) => p.onChange({ text: e.target.value })}
        options={[{ value: '', label: t('grow.chooseValue') }, ...p.options]}
        error={p.error}
      />
    )
  if (q.type === 'boolean')
    return (
      <SelectField
        label={t('grow.value')}
        value={d.text}
        disabled={p.disabled}
        onChange={(e) => p.onChange({ text: e.target.value })}
        options={[
          { value: '', label: t('grow.chooseValue') },
          { value: 'true', label: t('grow.yes') },
          { value: 'false', label: t('grow.no') },
        ]}
        error={p.error}
      />
    )
  return (
    <TextField
      label={t('grow.value')}
      type={q.type === 'date' ? 'date' : q.type === 'string' ? 'text' : 'number'}
      inputMode={q.type === 'number' || q.type === 'rating' ? 'decimal' : undefined}
      min={q.type === 'rating' ? 1 : undefined}
      max={q.type === 'rating' ? 5 : undefined}
      value={d.text}
      disabled={p.disabled}
      onChange={(e) => p.onChange({ text: e.target.value })}
      error={p.error}
    />
  )
}
