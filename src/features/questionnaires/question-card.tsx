import { ArrowDown, ArrowUp, ChevronDown, GitBranch, GripVertical, Trash2 } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QUESTION_GROUPS, QUESTION_TYPES, type QuestionType } from '../../../contract/questionnaires'
import { iconUrl } from '../auth/stored-image'
import { Badge, cx, SelectField, TextArea, TextField } from '../../ui'
import { Checkbox } from './checkbox'
import { DisplayLogicEditor } from './display-logic-editor'
import { type DraftQuestion, isAnswerable, newOption, usesOptions } from './editor-state'
import { IconPicker } from './icon-picker'
import { fieldError } from './messages'
import { MediaFields } from './media-fields'
import { OptionList } from './option-list'
import { TYPE_ICONS } from './type-icons'
import type { DragItemProps } from './use-pointer-reorder'

type Props = {
  index: number
  question: DraftQuestion
  questions: DraftQuestion[]
  expanded: boolean
  onToggle: () => void
  onChange: (q: DraftQuestion) => void
  onReplaceAll: (questions: DraftQuestion[]) => void
  onRemove: () => void
  onMove: (to: number) => void
  errors: Record<string, string>
  misplaced: number[]
  readOnly: boolean
  drag: DragItemProps
  handleRef: (el: HTMLButtonElement | null) => void
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent'

/** One question: a header to move, open or remove it, and its settings when open. */
export function QuestionCard(p: Props) {
  const { t } = useTranslation()
  const { question: q, index, readOnly } = p
  const set = (patch: Partial<DraftQuestion>) => p.onChange({ ...q, ...patch })
  const err = fieldError(p.errors)
  const title = q.name.trim() || t('questionnaires.untitled')
  const TypeIcon = TYPE_ICONS[q.type]
  const bodyId = `edit-${q.id}-body`
  const onHandleKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault()
      p.onMove(index + (e.key === 'ArrowUp' ? -1 : 1))
    }
  }
  const changeType = (type: QuestionType) =>
    set({ type, options: usesOptions(type) && q.options.length === 0 ? [newOption()] : q.options })

  return (
    <li
      data-testid="question-card"
      data-question-id={q.id}
      className={cx(
        'rounded-2xl border border-line bg-white transition-shadow',
        p.drag.dragging && 'opacity-60 ring-2 ring-primary',
        p.drag.dropMark === 'before' && 'shadow-[0_-4px_0_0_var(--color-primary-dark)]',
        p.drag.dropMark === 'after' && 'shadow-[0_4px_0_0_var(--color-primary-dark)]',
        Object.keys(p.errors).length > 0 && 'border-[#d9837b]',
      )}
    >
      <div className="flex flex-wrap items-center gap-1 p-2">
        {!readOnly && (
          <button
            type="button"
            ref={p.handleRef}
            aria-label={t('questionnaires.dragHandle', { name: title })}
            aria-describedby="reorder-help"
            onKeyDown={onHandleKey}
            {...p.drag.handle}
            className={cx(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
          >
            <GripVertical aria-hidden className="size-5" />
          </button>
        )}
        <button
          type="button"
          aria-expanded={p.expanded}
          aria-controls={bodyId}
          onClick={p.onToggle}
          className="flex min-h-11 min-w-48 flex-1 items-center gap-3 rounded-lg px-2 text-left hover:bg-primary-lighter"
        >
          <span className="w-6 shrink-0 text-sm text-muted tabular-nums">{index + 1}.</span>
          {q.icon ? (
            <img src={iconUrl(q.icon)} alt="" className="size-6 shrink-0" />
          ) : (
            <TypeIcon aria-hidden className="size-5 shrink-0 text-muted" />
          )}
          <span className="flex min-w-0 flex-1 flex-col">
            {/* Two lines before it is cut (a phone's row is narrow beside the actions), then the title. */}
            <span data-testid="question-title" title={title} className="line-clamp-2 font-medium break-words text-ink">
              {title}
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
              {t(`questionnaires.types.${q.type}`)}
              {q.required && <Badge tone="primary">{t('questionnaires.requiredBadge')}</Badge>}
              {q.group && <Badge>{t(`questionnaires.groups.${q.group}`)}</Badge>}
              {q.displayLogic.length > 0 && (
                <Badge tone={p.misplaced.length ? 'danger' : 'neutral'}>
                  <GitBranch aria-hidden className="size-3" /> {t('questionnaires.logicBadge')}
                </Badge>
              )}
            </span>
          </span>
          <ChevronDown
            aria-hidden
            className={cx('size-5 shrink-0 text-muted transition', p.expanded && 'rotate-180')}
          />
        </button>
        {!readOnly && (
          <span className="ml-auto flex">
            <button
              type="button"
              className={iconButton}
              disabled={index === 0}
              aria-label={t('questionnaires.moveUp', { name: title })}
              onClick={() => p.onMove(index - 1)}
            >
              <ArrowUp aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              className={iconButton}
              disabled={index === p.questions.length - 1}
              aria-label={t('questionnaires.moveDown', { name: title })}
              onClick={() => p.onMove(index + 1)}
            >
              <ArrowDown aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              className={cx(iconButton, 'hover:text-[#a23b35]')}
              aria-label={t('questionnaires.removeQuestion', { name: title })}
              onClick={p.onRemove}
            >
              <Trash2 aria-hidden className="size-5" />
            </button>
          </span>
        )}
      </div>
      {p.expanded && (
        <fieldset id={bodyId} disabled={readOnly} className="flex flex-col gap-5 border-t border-line p-5">
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <TextField
              id={`edit-${q.id}-name`}
              label={t('questionnaires.questionName')}
              value={q.name}
              maxLength={300}
              onChange={(e) => set({ name: e.target.value })}
              error={err('name') ?? err('id')}
            />
            <SelectField
              label={t('questionnaires.type')}
              value={q.type}
              onChange={(e) => changeType(e.target.value as QuestionType)}
              options={QUESTION_TYPES.map((x) => ({ value: x, label: t(`questionnaires.types.${x}`) }))}
            />
          </div>
          <TextArea
            label={t(q.type === 'information' ? 'questionnaires.informationText' : 'questionnaires.body')}
            value={q.body}
            rows={q.type === 'information' ? 4 : 2}
            maxLength={5000}
            onChange={(e) => set({ body: e.target.value })}
            error={err('body')}
          />
          <div className="flex flex-wrap gap-x-6">
            {isAnswerable(q.type) && (
              <Checkbox
                label={t('questionnaires.required')}
                checked={q.required}
                onChange={(required) => set({ required })}
              />
            )}
            {usesOptions(q.type) && (
              <>
                <Checkbox
                  label={t('questionnaires.allowMultiple')}
                  checked={q.allowMultiple}
                  onChange={(allowMultiple) => set({ allowMultiple })}
                />
                <Checkbox
                  label={t('questionnaires.allowCustomValue')}
                  checked={q.allowCustomValue}
                  onChange={(allowCustomValue) => set({ allowCustomValue })}
                />
              </>
            )}
          </div>
          <SelectField
            label={t('questionnaires.group')}
            hint={t('questionnaires.groupHint')}
            value={q.group ?? ''}
            onChange={(e) => set({ group: (e.target.value || null) as DraftQuestion['group'] })}
            options={[
              { value: '', label: t('questionnaires.noGroup') },
              ...QUESTION_GROUPS.map((g) => ({ value: g, label: t(`questionnaires.groups.${g}`) })),
            ]}
          />
          {usesOptions(q.type) && (
            <OptionList
              question={q}
              questions={p.questions}
              onReplaceAll={p.onReplaceAll}
              errors={p.errors}
              readOnly={readOnly}
            />
          )}
          <IconPicker value={q.icon} onChange={(icon) => set({ icon })} readOnly={readOnly} />
          <MediaFields question={q} onChange={set} errors={p.errors} readOnly={readOnly} />
          <DisplayLogicEditor
            index={index}
            question={q}
            questions={p.questions}
            onChange={(displayLogic) => set({ displayLogic })}
            errors={p.errors}
            misplaced={p.misplaced}
            readOnly={readOnly}
          />
        </fieldset>
      )}
    </li>
  )
}
