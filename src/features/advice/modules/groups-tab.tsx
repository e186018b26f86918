import { ArrowDown, ArrowUp, Check, FolderPlus, GripVertical, Pencil, Trash2, X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZAdviceGroupInput } from '../../../../contract/advice/inputs'
import { ApiError } from '../../../api/client'
import type { LocalAdviceGroup } from '../../../local-db/types'
import {
  Button,
  ConfirmDialog,
  cx,
  EmptyState,
  notify,
  Skeleton,
  TextField,
  translateValidation,
  useApiErrorMessage,
  zodFieldErrors,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { useCan } from '../../auth/use-can'
import { usePointerReorder } from '../../questionnaires/use-pointer-reorder'
import { useReplica } from '../../sync/replica-context'
import { deleteAdviceGroup, reorderAdviceGroups, saveAdviceGroup } from './grow-api'
import type { GrowData } from './use-grow'

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-30'

/**
 * The branch's groups: create, rename (in place), order (drag, keyboard, buttons) and delete.
 * A deleted group's modules stay, without a group (the confirmation says how many).
 */
export function GroupsTab({ data }: { data: GrowData | undefined }) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCan('advice.manage')
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const mayEdit = canManage && online
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null)
  const [removing, setRemoving] = useState<LocalAdviceGroup | null>(null)
  const [busy, setBusy] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const groups = data?.groups ?? []

  const move = async (from: number, to: number, focus = false) => {
    if (!replica || to < 0 || to >= groups.length || from === to || busy) return
    const ids = groups.map((g) => g.id)
    const [id] = ids.splice(from, 1)
    ids.splice(to, 0, id)
    setBusy(true)
    try {
      await reorderAdviceGroups(replica.salonId, ids, replica.db)
      setAnnouncement(t('grow.moved', { name: groups[from].name, position: to + 1, total: ids.length }))
      if (focus) requestAnimationFrame(() => handles.current.get(id)?.focus())
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }
  const drag = usePointerReorder(groups.length, (from, to) => void move(from, to))

  /** Saves a new or renamed group; the name taken shows at the field. */
  const save = async (id: string | null, value: string, setError: (m: string | undefined) => void) => {
    if (!replica) return false
    const parsed = ZAdviceGroupInput.safeParse({ name: value })
    if (!parsed.success) {
      setError(translateValidation(t, zodFieldErrors(parsed.error).name ?? ''))
      return false
    }
    setBusy(true)
    try {
      const saved = await saveAdviceGroup({ salonId: replica.salonId, id, name: parsed.data.name, db: replica.db })
      notify({ type: 'success', message: t(id ? 'grow.groupRenamed' : 'grow.groupCreated', { name: saved.name }) })
      return true
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'ADVICE_GROUP_NAME_TAKEN' || err.code === 'VALIDATION_FAILED'))
        setError(err.code === 'VALIDATION_FAILED' ? translateValidation(t, err.fieldErrors.name ?? '') : errorText(err))
      else notify({ type: 'error', message: errorText(err) })
      return false
    } finally {
      setBusy(false)
    }
  }

  const create = async (e: FormEvent) => {
    e.preventDefault()
    if (await save(null, name, setNameError)) setName('')
  }

  const confirmDelete = async () => {
    if (!removing || !replica) return
    setBusy(true)
    try {
      await deleteAdviceGroup(replica.salonId, removing.id, replica.db)
      notify({ type: 'success', message: t('grow.groupDeleted', { name: removing.name }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }

  if (!data)
    return (
      <div aria-busy="true" role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  const countIn = (id: string) => data.advices.filter((a) => a.groupId === id).length

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('grow.groupsExplained')}</p>
      {canManage &&
        (online ? (
          <form onSubmit={create} noValidate className="flex flex-wrap items-start gap-2" data-testid="new-group-form">
            <div className="min-w-56 flex-1">
              <TextField
                label={t('grow.newGroupName')}
                value={name}
                maxLength={200}
                onChange={(e) => {
                  setName(e.target.value)
                  setNameError(undefined)
                }}
                error={nameError}
              />
            </div>
            <Button type="submit" className="mt-7" loading={busy}>
              <FolderPlus aria-hidden className="size-4" /> {t('grow.addGroup')}
            </Button>
          </form>
        ) : (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{t('grow.needsConnection')}</p>
        ))}
      {groups.length === 0 ? (
        <EmptyState
          icon={<FolderPlus aria-hidden className="size-6" />}
          title={t('grow.noGroupsTitle')}
          description={t('grow.noGroupsText')}
        />
      ) : (
        <ol className="flex flex-col gap-2" ref={drag.listRef} aria-label={t('grow.tabs.groups')}>
          {groups.map((g, i) => {
            const d = drag.itemProps(i)
            const onKey = (e: KeyboardEvent) => {
              if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                e.preventDefault()
                void move(i, i + (e.key === 'ArrowUp' ? -1 : 1), true)
              }
            }
            const isEditing = editing?.id === g.id
            return (
              <li
                key={g.id}
                data-testid="grow-group-row"
                className={cx(
                  'flex items-center gap-1 rounded-2xl border border-line bg-white p-2',
                  d.dragging && 'opacity-60 ring-2 ring-primary',
                  d.dropMark === 'before' && 'shadow-[0_-4px_0_0_var(--color-primary-dark)]',
                  d.dropMark === 'after' && 'shadow-[0_4px_0_0_var(--color-primary-dark)]',
                )}
              >
                {mayEdit && !isEditing && (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) handles.current.set(g.id, el)
                      else handles.current.delete(g.id)
                    }}
                    aria-label={t('grow.dragHandle', { name: g.name })}
                    onKeyDown={onKey}
                    {...d.handle}
                    className={cx(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
                  >
                    <GripVertical aria-hidden className="size-5" />
                  </button>
                )}
                {isEditing ? (
                  <form
                    className="flex flex-1 items-start gap-1"
                    noValidate
                    onSubmit={async (e) => {
                      e.preventDefault()
                      const ok = await save(g.id, editing.name, (m) => setEditing((x) => x && { ...x, error: m }))
                      if (ok) setEditing(null)
                    }}
                  >
                    <div className="flex-1">
                      <TextField
                        label={<span className="sr-only">{t('grow.groupName')}</span>}
                        value={editing.name}
                        autoFocus
                        maxLength={200}
                        onChange={(e) => setEditing({ id: g.id, name: e.target.value })}
                        error={editing.error}
                      />
                    </div>
                    <Button type="submit" variant="ghost" aria-label={t('common.save')} loading={busy}>
                      <Check aria-hidden className="size-4" />
                    </Button>
                    <Button variant="ghost" aria-label={t('common.cancel')} onClick={() => setEditing(null)}>
                      <X aria-hidden className="size-4" />
                    </Button>
                  </form>
                ) : (
                  <>
                    <span className="flex min-w-0 flex-1 flex-col px-2">
                      <span className="truncate font-medium text-ink">{g.name}</span>
                      <span className="text-xs text-muted">{t('grow.moduleCount', { count: countIn(g.id) })}</span>
                    </span>
                    {mayEdit && (
                      <span className="flex shrink-0">
                        <button
                          type="button"
                          className={cx(iconButton, 'hidden sm:inline-flex')}
                          disabled={i === 0 || busy}
                          aria-label={t('grow.moveUp', { name: g.name })}
                          onClick={() => void move(i, i - 1)}
                        >
                          <ArrowUp aria-hidden className="size-5" />
                        </button>
                        <button
                          type="button"
                          className={cx(iconButton, 'hidden sm:inline-flex')}
                          disabled={i === groups.length - 1 || busy}
                          aria-label={t('grow.moveDown', { name: g.name })}
                          onClick={() => void move(i, i + 1)}
                        >
                          <ArrowDown aria-hidden className="size-5" />
                        </button>
                        <Button
                          variant="ghost"
                          aria-label={t('grow.renameNamed', { name: g.name })}
                          onClick={() => setEditing({ id: g.id, name: g.name })}
                        >
                          <Pencil aria-hidden className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t('grow.deleteNamed', { name: g.name })}
                          onClick={() => setRemoving(g)}
                        >
                          <Trash2 aria-hidden className="size-4" />
                        </Button>
                      </span>
                    )}
                  </>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {mayEdit && groups.length > 1 && <p className="text-xs text-muted">{t('grow.reorderHelp')}</p>}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={!!removing}
        danger
        title={t('grow.deleteGroupTitle')}
        message={
          removing && countIn(removing.id) > 0
            ? t('grow.deleteGroupWithModules', { name: removing.name, count: countIn(removing.id) })
            : t('grow.deleteGroupMessage', { name: removing?.name ?? '' })
        }
        confirmLabel={t('grow.deleteConfirm')}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
