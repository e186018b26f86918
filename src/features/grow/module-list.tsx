import { ArrowDown, ArrowUp, AudioLines, Eye, GripVertical, Pencil, Trash2, TriangleAlert, Video } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalAdvice } from '../../local-db/types'
import { Badge, Button, cx } from '../../ui'
import { usePointerReorder } from '../questionnaires/use-pointer-reorder'

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-30'

type Props = {
  title: string
  modules: LocalAdvice[]
  /** Reordering allowed (manage, online, no filter). */
  reorder: boolean
  editable: boolean
  busy: boolean
  broken: ReadonlySet<string>
  onMove: (ids: string[], movedId: string) => void
  onOpen: (a: LocalAdvice) => void
  onDelete: (a: LocalAdvice) => void
}

/**
 * One group's modules in the set order. Reorder by dragging the handle (mouse or touch), with the
 * arrow keys on the focused handle, or with the move buttons, as the questionnaire editor does.
 */
export function ModuleList(p: Props) {
  const { t } = useTranslation()
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const [announcement, setAnnouncement] = useState('')
  const move = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= p.modules.length || from === to || p.busy) return
    const ids = p.modules.map((m) => m.id)
    const [id] = ids.splice(from, 1)
    ids.splice(to, 0, id)
    p.onMove(ids, id)
    const moved = p.modules[from]
    setAnnouncement(t('grow.moved', { name: moved.name, position: to + 1, total: ids.length }))
    if (focus) requestAnimationFrame(() => handles.current.get(id)?.focus())
  }
  const drag = usePointerReorder(p.modules.length, (from, to) => move(from, to))

  return (
    <>
      <ol className="flex flex-col gap-2" ref={drag.listRef} aria-label={p.title}>
        {p.modules.map((m, i) => {
          const d = drag.itemProps(i)
          const onKey = (e: KeyboardEvent) => {
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault()
              move(i, i + (e.key === 'ArrowUp' ? -1 : 1), true)
            }
          }
          const broken = m.conditionIds.some((c) => p.broken.has(c))
          return (
            <li
              key={m.id}
              data-testid="grow-module-row"
              data-module-name={m.name}
              className={cx(
                'flex items-center gap-1 rounded-2xl border border-line bg-white p-2 transition-shadow',
                d.dragging && 'opacity-60 ring-2 ring-primary',
                d.dropMark === 'before' && 'shadow-[0_-4px_0_0_var(--color-primary-dark)]',
                d.dropMark === 'after' && 'shadow-[0_4px_0_0_var(--color-primary-dark)]',
              )}
            >
              {p.reorder && (
                <button
                  type="button"
                  ref={(el) => {
                    if (el) handles.current.set(m.id, el)
                    else handles.current.delete(m.id)
                  }}
                  aria-label={t('grow.dragHandle', { name: m.name })}
                  aria-describedby="grow-reorder-help"
                  onKeyDown={onKey}
                  {...d.handle}
                  className={cx(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
                >
                  <GripVertical aria-hidden className="size-5" />
                </button>
              )}
              <button
                type="button"
                onClick={() => p.onOpen(m)}
                className="flex min-h-11 min-w-0 flex-1 flex-col items-start rounded-lg px-2 py-1 text-left hover:bg-primary-lighter"
              >
                <span className="w-full truncate font-medium text-ink">{m.name}</span>
                <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                  <Badge tone={m.kind === 'customerAdvice' ? 'primary' : 'neutral'}>{t(`grow.kinds.${m.kind}`)}</Badge>
                  {m.category && <Badge>{t(`grow.categories.${m.category}`)}</Badge>}
                  <span>
                    {m.conditionIds.length === 0
                      ? t('grow.always')
                      : t('grow.conditionCount', { count: m.conditionIds.length })}
                  </span>
                  {broken && (
                    <Badge tone="danger">
                      <TriangleAlert aria-hidden className="size-3" /> {t('grow.broken')}
                    </Badge>
                  )}
                  {m.videoUrl && <Video aria-label={t('grow.hasVideo')} className="size-4" />}
                  {m.audio && <AudioLines aria-label={t('grow.hasAudio')} className="size-4" />}
                </span>
              </button>
              <span className="ml-auto flex shrink-0">
                {p.reorder && (
                  <>
                    <button
                      type="button"
                      className={cx(iconButton, 'hidden sm:inline-flex')}
                      disabled={i === 0 || p.busy}
                      aria-label={t('grow.moveUp', { name: m.name })}
                      onClick={() => move(i, i - 1, false)}
                    >
                      <ArrowUp aria-hidden className="size-5" />
                    </button>
                    <button
                      type="button"
                      className={cx(iconButton, 'hidden sm:inline-flex')}
                      disabled={i === p.modules.length - 1 || p.busy}
                      aria-label={t('grow.moveDown', { name: m.name })}
                      onClick={() => move(i, i + 1, false)}
                    >
                      <ArrowDown aria-hidden className="size-5" />
                    </button>
                  </>
                )}
                <Button
                  variant="ghost"
                  onClick={() => p.onOpen(m)}
                  aria-label={t(p.editable ? 'grow.editNamed' : 'grow.viewNamed', { name: m.name })}
                >
                  {p.editable ? <Pencil aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                </Button>
                {p.editable && (
                  <Button
                    variant="ghost"
                    onClick={() => p.onDelete(m)}
                    aria-label={t('grow.deleteNamed', { name: m.name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                )}
              </span>
            </li>
          )
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  )
}
