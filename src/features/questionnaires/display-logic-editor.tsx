import { GitBranch, Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { type DisplayCondition, RATING_MAX } from '../../../contract/questionnaires'
import { parseDateText, isoToDateText } from '../../../contract/dates'
import { dateTextError } from '../../../contract/validation'
import { Button, cx, DateField, SelectField, TextField, translateFieldIssue } from '../../ui'
import {
  conditionTargets,
  type DraftQuestion,
  newCondition,
  type Operator,
  operatorsFor,
  retarget,
} from './editor-state'
import { fieldError } from './messages'

type Props = {
  index: number
  question: DraftQuestion
  questions: DraftQuestion[]
  onChange: (logic: DisplayCondition[]) => void
  errors: Record<string, string>
  misplaced: number[]
  readOnly: boolean
}

/**
 * "Show this question only when…": conditions on answers to earlier questions (all must hold,
 * as the tablet applies them). A condition left behind by a reorder is marked until fixed.
 */
export function DisplayLogicEditor({ index, question, questions, onChange, errors, misplaced, readOnly }: Props) {
  const { t } = useTranslation()
  const err = fieldError(errors)
  const targets = conditionTargets(questions, index)
  const logic = question.displayLogic
  const update = (j: number, c: DisplayCondition) => onChange(logic.map((x, k) => (k === j ? c : x)))
  const name = (q: DraftQuestion) => q.name.trim() || t('questionnaires.untitled')

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-ink">
        <GitBranch aria-hidden className="size-4" /> {t('questionnaires.displayLogic')}
      </legend>
      <p className="text-sm text-muted">{t(logic.length ? 'questionnaires.logicAll' : 'questionnaires.logicNone')}</p>
      {logic.map((c, j) => {
        const target = questions.find((q) => q.id === c.questionId)
        const inPlace = targets.some((q) => q.id === c.questionId)
        const choices = inPlace || !target ? targets : [...targets, target]
        const problem = misplaced.includes(j)
          ? t('validation.questionnaire.displayLogic')
          : err(`displayLogic.${j}.questionId`)
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the rows keep no state of their own
            key={j}
            data-testid="logic-row"
            className="grid gap-3 rounded-lg bg-canvas p-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
          >
            <SelectField
              label={t('questionnaires.logicQuestion')}
              value={c.questionId}
              error={problem}
              onChange={(e) => {
                const next = questions.find((q) => q.id === e.target.value)
                if (next) update(j, retarget(c, next))
              }}
              options={choices.map((q) => ({ value: q.id, label: `${questions.indexOf(q) + 1}. ${name(q)}` }))}
            />
            <SelectField
              label={t('questionnaires.logicOperator')}
              value={c.operator}
              onChange={(e) => {
                const operator = e.target.value as Operator
                update(
                  j,
                  operator === 'answered'
                    ? { questionId: c.questionId, operator }
                    : { ...c, operator, value: c.value ?? (target ? newCondition(target).value : '') },
                )
              }}
              options={operatorsFor(target).map((o) => ({ value: o, label: t(`questionnaires.operators.${o}`) }))}
            />
            {c.operator === 'answered' || !target ? (
              <span className="hidden sm:block" />
            ) : (
              <ValueInput target={target} condition={c} onChange={(value) => update(j, { ...c, value })} />
            )}
            <span className={cx('flex justify-end sm:pt-6', readOnly && 'invisible')}>
              <button
                type="button"
                onClick={() => onChange(logic.filter((_, k) => k !== j))}
                aria-label={t('questionnaires.removeCondition', { n: j + 1 })}
                className="inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink"
              >
                <X aria-hidden className="size-5" />
              </button>
            </span>
          </div>
        )
      })}
      <div className={cx('flex flex-wrap items-center gap-3', readOnly && 'hidden')}>
        <Button
          variant="secondary"
          disabled={targets.length === 0}
          onClick={() => onChange([...logic, newCondition(targets[targets.length - 1])])}
        >
          <Plus aria-hidden className="size-4" /> {t('questionnaires.addCondition')}
        </Button>
        {targets.length === 0 && <span className="text-sm text-muted">{t('questionnaires.logicNeedsEarlier')}</span>}
      </div>
    </fieldset>
  )
}

type ValueProps = {
  target: DraftQuestion
  condition: DisplayCondition
  onChange: (value: DisplayCondition['value']) => void
}

/** The compared value in the target question's own terms: its options, yes/no, stars, a number, text. */
function ValueInput({ target, condition: c, onChange }: ValueProps) {
  const { t } = useTranslation()
  const label = t('questionnaires.logicValue')
  switch (target.type) {
    case 'option':
      return (
        <SelectField
          label={label}
          value={String(c.value ?? '')}
          onChange={(e) => onChange(e.target.value)}
          options={target.options.map((o, i) => ({
            value: o.id,
            label: o.customerTitle.trim() || t('questionnaires.optionN', { n: i + 1 }),
          }))}
        />
      )
    case 'boolean':
      return (
        <SelectField
          label={label}
          value={String(c.value ?? true)}
          onChange={(e) => onChange(e.target.value === 'true')}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
      )
    case 'rating':
      return (
        <SelectField
          label={label}
          value={String(c.value ?? 1)}
          onChange={(e) => onChange(Number(e.target.value))}
          options={Array.from({ length: RATING_MAX }, (_, i) => ({
            value: String(i + 1),
            label: t('questionnaires.stars', { count: i + 1 }),
          }))}
        />
      )
    case 'number':
      return (
        <TextField
          label={label}
          type="number"
          inputMode="decimal"
          value={typeof c.value === 'number' ? c.value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      )
    case 'date': {
      // The condition's value is the date once the text is one, the text as typed until then.
      const text = typeof c.value === 'string' ? isoToDateText(c.value) : ''
      const problem = dateTextError(text)
      return (
        <DateField
          label={label}
          value={text}
          error={problem ? translateFieldIssue(t, problem) : undefined}
          onChange={(next) => {
            const r = parseDateText(next)
            onChange(r.ok ? r.iso : next)
          }}
        />
      )
    }
    default:
      return (
        <TextField
          label={label}
          value={typeof c.value === 'string' ? c.value : ''}
          maxLength={300}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}
