import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, TextField } from '../../ui'
import {
  type DraftOption,
  type DraftQuestion,
  moveItem,
  newOption,
  removeOption,
  withCustomerTitle,
} from './editor-state'
import { fieldError } from './messages'

type Props = {
  question: DraftQuestion
  questions: DraftQuestion[]
  onReplaceAll: (questions: DraftQuestion[]) => void
  errors: Record<string, string>
  readOnly: boolean
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-40'

/**
 * The answer options of a dropdown question: the title the customer sees and the one staff read
 * in the submission. Removing an option also removes display logic that asked for it.
 */
export function OptionList({ question: q, questions, onReplaceAll, errors, readOnly }: Props) {
  const { t } = useTranslation()
  const setOptions = (options: DraftOption[]) =>
    onReplaceAll(questions.map((x) => (x.id === q.id ? { ...x, options } : x)))
  const update = (i: number, patch: Partial<DraftOption>) =>
    setOptions(q.options.map((o, j) => (j === i ? { ...o, ...patch } : o)))
  const err = fieldError(errors)
  const listError = err('options')

  return (
    // Marked invalid when the list itself is refused (no options): a refused save puts the cursor
    // on its first control (focusFirstInvalid), Add option when the list is empty.
    <fieldset className="flex flex-col gap-3" aria-invalid={listError ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">{t('questionnaires.options')}</legend>
      <ol className="flex flex-col gap-3">
        {q.options.map((o, i) => {
          const label = o.customerTitle.trim() || t('questionnaires.optionN', { n: i + 1 })
          return (
            <li
              key={o.id}
              data-testid="option-row"
              className="grid gap-3 rounded-xl bg-canvas p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
            >
              <TextField
                label={t('questionnaires.customerTitle', { n: i + 1 })}
                value={o.customerTitle}
                maxLength={300}
                onChange={(e) =>
                  setOptions(q.options.map((x, j) => (j === i ? withCustomerTitle(x, e.target.value) : x)))
                }
                error={err(`options.${i}.customerTitle`)}
              />
              <TextField
                label={t('questionnaires.employeeTitle', { n: i + 1 })}
                value={o.employeeTitle}
                maxLength={300}
                placeholder={o.customerTitle}
                onChange={(e) => update(i, { employeeTitle: e.target.value })}
                error={err(`options.${i}.employeeTitle`)}
              />
              {!readOnly && (
                <span className="flex justify-end sm:pt-6">
                  <button
                    type="button"
                    className={iconButton}
                    disabled={i === 0}
                    aria-label={t('questionnaires.moveOptionUp', { name: label })}
                    onClick={() => setOptions(moveItem(q.options, i, i - 1))}
                  >
                    <ArrowUp aria-hidden className="size-5" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    disabled={i === q.options.length - 1}
                    aria-label={t('questionnaires.moveOptionDown', { name: label })}
                    onClick={() => setOptions(moveItem(q.options, i, i + 1))}
                  >
                    <ArrowDown aria-hidden className="size-5" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('questionnaires.removeOption', { name: label })}
                    onClick={() => onReplaceAll(removeOption(questions, q.id, o.id))}
                  >
                    <X aria-hidden className="size-5" />
                  </button>
                </span>
              )}
            </li>
          )
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {listError}
        </p>
      )}
      {!readOnly && (
        <div>
          <Button variant="secondary" onClick={() => setOptions([...q.options, newOption()])}>
            <Plus aria-hidden className="size-4" /> {t('questionnaires.addOption')}
          </Button>
        </div>
      )}
    </fieldset>
  )
}
