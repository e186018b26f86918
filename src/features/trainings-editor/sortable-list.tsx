import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../ui'
import { usePointerReorder } from '../questionnaires/use-pointer-reorder'

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-30'

type Props<T> = {
  items: readonly T[]
  keyOf: (item: T) => string
  /** The item's name in the handle's and move buttons' labels. */
  nameOf: (item: T, index: number) => string
  label: string
  /** Reordering allowed now (may edit, online, not saving). */
  reorder: boolean
  onMove: (from: number, to: number) => void
  /** The row's content (between the handle and the move buttons). */
  children: (item: T, index: number) => ReactNode
  /** The row's own actions after the move buttons (edit, delete). */
  actions?: (item: T, index: number) => ReactNode
  testId: string
  /**
   * Cards (segments): the handle, `header` and the buttons on a line of their own, the content
   * below at full width; rows (courses, modules): everything on one line.
   */
  variant?: 'row' | 'card'
  header?: (item: T, index: number) => ReactNode
}

/**
 * An ordered list of courses, modules or segments: drag the handle (mouse, touch, pen), press the
 * arrow keys on the focused handle, or use the move buttons, as Grow's and the questionnaire
 * editor's lists do. Every way ends in `onMove(from, to)`.
 */
export function SortableList<T>(p: Props<T>) {
  const { t } = useTranslation()
  const { listRef, itemProps } = usePointerReorder(p.items.length, p.onMove)
  const card = p.variant === 'card'
  // A handle moved with the keyboard keeps the focus in its new place (the row is drawn anew).
  const refocus = useRef<string | null>(null)
  useEffect(() => {
    if (!refocus.current) return
    const handle = listRef.current?.querySelector<HTMLElement>(`[data-handle-key="${refocus.current}"]`)
    if (!handle) return
    if (document.activeElement !== handle) handle.focus()
    refocus.current = null
  })
  return (
    <>
      <p id={`${p.testId}-reorder-help`} className="sr-only">
        {t('blueprint-editor.reorderHelp')}
      </p>
      <ol ref={listRef} className="flex flex-col gap-2" aria-label={p.label}>
        {p.items.map((item, i) => {
          const drag = itemProps(i)
          const name = p.nameOf(item, i)
          const move = (to: number) => to >= 0 && to < p.items.length && p.onMove(i, to)
          const onKey = (e: KeyboardEvent) => {
            if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
            e.preventDefault()
            refocus.current = p.keyOf(item)
            move(e.key === 'ArrowUp' ? i - 1 : i + 1)
          }
          return (
            <li
              key={p.keyOf(item)}
              data-testid={p.testId}
              className={cx(
                'flex flex-wrap gap-1 rounded-2xl border border-line bg-white p-2 transition-shadow',
                card ? 'items-start' : 'items-center',
                drag.dragging && 'opacity-60 ring-2 ring-primary',
                drag.dropMark === 'before' && 'shadow-[0_-4px_0_0_var(--color-primary-dark)]',
                drag.dropMark === 'after' && 'shadow-[0_4px_0_0_var(--color-primary-dark)]',
              )}
            >
              {p.reorder && (
                <button
                  type="button"
                  aria-label={t('blueprint-editor.dragHandle', { name })}
                  aria-describedby={`${p.testId}-reorder-help`}
                  data-testid={`${p.testId}-handle`}
                  data-handle-key={p.keyOf(item)}
                  onKeyDown={onKey}
                  {...drag.handle}
                  className={cx(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
                >
                  <GripVertical aria-hidden className="size-5" />
                </button>
              )}
              {card ? (
                <div className="min-w-0 flex-1 self-center">{p.header?.(item, i)}</div>
              ) : (
                <div className="min-w-0 flex-1 basis-40">{p.children(item, i)}</div>
              )}
              <span className="ml-auto flex shrink-0">
                {p.reorder && (
                  <>
                    <button
                      type="button"
                      className={iconButton}
                      disabled={i === 0}
                      aria-label={t('blueprint-editor.moveUp', { name })}
                      onClick={() => move(i - 1)}
                    >
                      <ArrowUp aria-hidden className="size-5" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      disabled={i === p.items.length - 1}
                      aria-label={t('blueprint-editor.moveDown', { name })}
                      onClick={() => move(i + 1)}
                    >
                      <ArrowDown aria-hidden className="size-5" />
                    </button>
                  </>
                )}
                {p.actions?.(item, i)}
              </span>
              {card && <div className="w-full min-w-0 px-2 pb-2">{p.children(item, i)}</div>}
            </li>
          )
        })}
      </ol>
    </>
  )
}
