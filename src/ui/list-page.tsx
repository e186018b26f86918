import { Plus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from './button'
import { EmptyState, type EmptyStateProps, ListSkeleton, PageHeader } from './feedback'
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog'

/*
 * The admin list screen's frame: title and description, the add button, the loading, empty and
 * "nothing matches" states, the list, and the confirm-delete dialog. The page supplies its texts
 * and rows; the rules every list shares live here once (see README.md "A new admin list screen").
 */

export type ListPageAdd = {
  label: ReactNode
  onClick: () => void
  /**
   * The employee may add (the screen's policy action). Without it the button is not offered:
   * the page's description says the list is read-only.
   */
  allowed: boolean
  /** Adding is done online (the server settles it); offline the button is off and says why. */
  online: boolean
  /** Why it is off without a connection: the button's title (and tooltip). */
  needsConnection: string
  /** Default: a plus. */
  icon?: ReactNode
}

/** The add button as every list shows it: absent without permission, off and explained offline. */
export function AddButton({ add }: { add: ListPageAdd }) {
  if (!add.allowed) return null
  return (
    <Button onClick={add.onClick} disabled={!add.online} title={add.online ? undefined : add.needsConnection}>
      {add.icon ?? <Plus aria-hidden className="size-4" />}
      {add.label}
    </Button>
  )
}

/**
 * No rows at all. `description` invites the next step, beside the add button; who may not add
 * (or a list without one) reads `readOnly`: the empty state never invites what they cannot do.
 */
type Empty = { icon: ReactNode; title: ReactNode; description: ReactNode; readOnly: ReactNode }

export type ListPageProps<T> = {
  title: string
  description?: ReactNode
  add?: ListPageAdd
  /** The rows (undefined while the replica is read). */
  items: T[] | undefined
  /** Loading although `items` is known (e.g. an empty replica that never synced). */
  loading?: boolean
  /** Default: three placeholder rows named `loadingLabel`. */
  skeleton?: ReactNode
  loadingLabel?: string
  /** No rows at all: what to do next (the add button is its action, for who may add). */
  empty: Empty
  /** The rows the filters leave (default: all); none left shows `noMatch`. */
  shown?: T[]
  /** `items` are already filtered (by the URL's filters): none is "no match", not "empty". */
  filtered?: boolean
  noMatch?: EmptyStateProps
  /** Between the header and the list: notices, filters. */
  before?: ReactNode
  /** After the list: drawers, extra sections. */
  after?: ReactNode
  /** The confirm-delete dialog (useConfirmDelete's `dialog`). */
  confirm?: ConfirmDialogProps
  /** The page's width classes (default max-w-4xl). */
  width?: string
  children: (rows: T[]) => ReactNode
}

export function ListPage<T>(p: ListPageProps<T>) {
  const addButton = p.add ? <AddButton add={p.add} /> : null
  const shown = p.shown ?? p.items ?? []
  return (
    <div className={`mx-auto ${p.width ?? 'max-w-4xl'}`}>
      <PageHeader title={p.title} description={p.description} actions={addButton} />
      {p.before}
      {p.items === undefined || p.loading ? (
        (p.skeleton ?? <ListSkeleton label={p.loadingLabel ?? ''} />)
      ) : p.items.length === 0 && !p.filtered ? (
        <EmptyState
          icon={p.empty.icon}
          title={p.empty.title}
          invite={{
            allowed: p.add?.allowed ?? false,
            description: p.empty.description,
            readOnly: p.empty.readOnly,
            action: addButton,
          }}
        />
      ) : shown.length === 0 && p.noMatch ? (
        <EmptyState {...p.noMatch} />
      ) : (
        p.children(shown)
      )}
      {p.after}
      {p.confirm && <ConfirmDialog {...p.confirm} />}
    </div>
  )
}

type ConfirmTexts = Pick<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel'>

/**
 * Delete after a confirmation: `ask(row)` opens the dialog; confirming runs `remove(row)` with
 * the dialog busy, closes it when done, and leaves it open after a failure (`onError` says why).
 */
export function useConfirmDelete<T>(opts: {
  remove: (row: T) => Promise<unknown>
  texts: (row: T) => ConfirmTexts
  onDone?: (row: T) => void
  onError: (err: unknown) => void
}) {
  const [target, setTarget] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (target === null) return
    setBusy(true)
    try {
      await opts.remove(target)
      opts.onDone?.(target)
      setTarget(null)
    } catch (err) {
      opts.onError(err)
    } finally {
      setBusy(false)
    }
  }
  const texts = target === null ? null : opts.texts(target)
  const dialog: ConfirmDialogProps = {
    open: target !== null,
    danger: true,
    title: texts?.title ?? '',
    message: texts?.message ?? '',
    confirmLabel: texts?.confirmLabel ?? '',
    loading: busy,
    onConfirm: () => void confirm(),
    onCancel: () => setTarget(null),
  }
  return { ask: setTarget as (row: T) => void, target, busy, dialog }
}
