import { ArrowDown, ArrowUp, AudioLines, Eye, GripVertical, Pencil, Trash2, TriangleAlert, Video } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalAdvice } from '../../../local-db/types'
import { Badge, Button, cx } from '../../../ui'
import type { ModuleDrag } from './use-module-drag'

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-30'

type Props = {
  title: string
  /** The group (null: the modules without a group). */
  sectionId: string | null
  modules: LocalAdvice[]
  /** Reordering allowed (manage, online, no filter). */
  reorder: boolean
  editable: boolean
  busy: boolean
  broken: ReadonlySet<string>
  /** The page-wide drag (within this group and into another). */
  drag: ModuleDrag
  /** One step up or down; past the group's edge into the neighbouring group. Null: not possible. */
  step: (moduleId: string, dir: -1 | 1) => (() => void) | null
  onOpen: (a: LocalAdvice) => void
  onDelete: (a: LocalAdvice) => void
}

/**
 * One group's modules in the set order. Reorder by dragging the handle (mouse or touch), with the
 * arrow keys on the focused handle, or with the move buttons, as the questionnaire editor does;
 * past the first or last module of the group, the module moves on into the neighbouring group.
 */
export function ModuleList(p: Props) {
  const { t } = useTranslation()
  return (
    <ol className="flex flex-col gap-2" aria-label={p.title}>
      {p.modules.map((m) => {
        const dropMark = p.drag.dropMark(p.sectionId, m.id)
        const up = p.busy ? null : p.step(m.id, -1)
        const down = p.busy ? null : p.step(m.id, 1)
        const onKey = (e: KeyboardEvent) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault()
            ;(e.key === 'ArrowUp' ? up : down)?.()
          }
        }
        const broken = m.conditionIds.some((c) => p.broken.has(c))
        return (
          <li
            key={m.id}
            data-testid="grow-module-row"
            data-module-name={m.name}
            data-drop-row={m.id}
            className={cx(
              // On a phone the actions wrap to a line of their own: the name keeps its width.
              'flex flex-wrap items-center gap-1 rounded-2xl border border-line bg-white p-2 transition-shadow',
              p.drag.draggingId === m.id && 'opacity-60 ring-2 ring-primary',
              dropMark === 'before' && 'shadow-[0_-4px_0_0_var(--color-primary-dark)]',
              dropMark === 'after' && 'shadow-[0_4px_0_0_var(--color-primary-dark)]',
            )}
          >
            {p.reorder && (
              <button
                type="button"
                data-drag-handle={m.id}
                aria-label={t('grow.dragHandle', { name: m.name })}
                aria-describedby="grow-reorder-help"
                onKeyDown={onKey}
                {...p.drag.handle(m.id)}
                className={cx(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
              >
                <GripVertical aria-hidden className="size-5" />
              </button>
            )}
            <button
              type="button"
              onClick={() => p.onOpen(m)}
              title={m.name}
              className="flex min-h-11 min-w-0 flex-1 basis-40 flex-col items-start rounded-lg px-2 py-1 text-left hover:bg-primary-lighter"
            >
              <span className="w-full font-medium break-words text-ink">{m.name}</span>
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
                    className={iconButton}
                    disabled={!up}
                    aria-label={t('grow.moveUp', { name: m.name })}
                    onClick={() => up?.()}
                  >
                    <ArrowUp aria-hidden className="size-5" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    disabled={!down}
                    aria-label={t('grow.moveDown', { name: m.name })}
                    onClick={() => down?.()}
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
  )
}
