import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { cx } from './cx'
import { ErrorText } from './upgrade-link'
import { useToastTop } from './use-toast-top'

export type NotifyType = 'success' | 'error' | 'info' | 'warning'
export type Notification = { id: number; type: NotifyType; message: string; description?: string }

/** Spec §9: notifications stay 4.5 s; at most 3 are stacked (the oldest leaves first). */
const DURATION_MS = 4500
const MAX_STACK = 3

let items: Notification[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export function dismiss(id: number) {
  items = items.filter((n) => n.id !== id)
  emit()
}

/**
 * Clears every toast: a drawer or dialog that opens starts something new, and what was said about
 * the last action would cover the new one's fields (DialogShell calls it when it opens).
 */
export function dismissAll() {
  if (items.length === 0) return
  items = []
  emit()
}

export function notify(n: Omit<Notification, 'id'>) {
  const id = nextId++
  items = [...items, { ...n, id }].slice(-MAX_STACK)
  emit()
  setTimeout(() => dismiss(id), DURATION_MS)
  return id
}

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info, warning: TriangleAlert }
const TONES = {
  success: 'text-[#3f7a4a]',
  error: 'text-[#a23b35]',
  info: 'text-primary-dark',
  warning: 'text-[#9a6a12]',
}

/** Host: top right, 24 px from the edge, 384 wide (spec §9); above every other layer. */
export function Notifications() {
  const { t } = useTranslation()
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => items,
  )
  const { ref, top } = useToastTop(list.length > 0)
  // Straight under <body>, outside the app's root: an open drawer or dialog makes the app's root
  // inert (Headless UI), and a toast inside it would be neither announced nor reachable by a
  // screen reader. Headless UI leaves the body's other children alone.
  return createPortal(
    <section
      ref={ref}
      aria-live="polite"
      data-toasts
      aria-label={t('common.notifications')}
      // Below the staff header (sync pill, profile) and a drawer's title bar, and moved down
      // past the pressed button, tabs and primary action when those are under it (useToastTop).
      style={{ top }}
      className="pointer-events-none fixed right-4 left-4 z-[1350] flex flex-col items-end gap-3 sm:right-6 sm:left-auto sm:w-[384px]"
    >
      {list.map((n) => {
        const Icon = ICONS[n.type]
        return (
          <div
            key={n.id}
            role={n.type === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full gap-3 rounded-xl border border-line bg-white p-4 shadow-lg"
          >
            <Icon aria-hidden className={cx('mt-0.5 size-5 shrink-0', TONES[n.type])} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm font-medium text-ink">
                {n.type === 'error' ? <ErrorText text={n.message} /> : n.message}
              </p>
              {n.description && <p className="text-sm text-muted">{n.description}</p>}
            </div>
            <button
              type="button"
              onClick={() => dismiss(n.id)}
              aria-label={t('common.close')}
              className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-canvas"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        )
      })}
    </section>,
    document.body,
  )
}
