import { ArrowDown, ArrowUp, Check, FolderPlus, GripVertical, Pencil, Trash2, X } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZAdviceGroupInput } from '../../../../contract/advice/inputs'
import { ApiError } from '../../../api/client'
import type { LocalAdviceGroup } from '../../../local-db/types'
import {
  Button,
  ConfirmDialog,
  cx,
  EntityFormElement,
  FieldRefusal,
  notify,
  Skeleton,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../../ui'
import { useOnline } from '../../app/use-online'
import { usePointerReorder } from '../../questionnaires/use-pointer-reorder'
import { useReplica } from '../../sync/replica-context'
import { GrowTabEmpty } from './tab-empty'
import { deleteAdviceGroup, reorderAdviceGroups, saveAdviceGroup } from './grow-api'
import { type GrowData, useCanManageGrow } from './use-grow'

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-primary-lighter hover:text-ink disabled:opacity-30'

/**
 * The branch's groups: create, rename (in place), order (drag, keyboard, buttons) and delete.
 * A deleted group's modules stay, without a group (the confirmation says how many).
 */
export function GroupsTab({ data }: { data: GrowData | undefined }) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const mayEdit = canManage && online
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<LocalAdviceGroup | null>(null)
  const [changing, setChanging] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const groups = data?.groups ?? []

  const move = async (from: number, to: number, focus = false) => {
    if (!replica || to < 0 || to >= groups.length || from === to || changing) return
    const ids = groups.map((g) => g.id)
    const [id] = ids.splice(from, 1)
    ids.splice(to, 0, id)
    setChanging(true)
    try {
      await reorderAdviceGroups(replica.salonId, ids, replica.db)
      setAnnouncement(t('grow.moved', { name: groups[from].name, position: to + 1, total: ids.length }))
      if (focus) requestAnimationFrame(() => handles.current.get(id)?.focus())
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setChanging(false)
    }
  }
  const drag = usePointerReorder(groups.length, (from, to) => void move(from, to))

  const confirmDelete = async () => {
    if (!removing || !replica) return
    setChanging(true)
    try {
      await deleteAdviceGroup(replica.salonId, removing.id, replica.db)
      notify({ type: 'success', message: t('grow.groupDeleted', { name: removing.name }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setChanging(false)
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
          <NewGroupForm />
        ) : (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{t('grow.needsConnection')}</p>
        ))}
      {groups.length === 0 ? (
        <GrowTabEmpty
          icon={<FolderPlus aria-hidden className="size-6" />}
          title={t('grow.noGroupsTitle')}
          description={t('grow.noGroupsText')}
          readOnly={t('grow.noGroupsText')}
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
            const isEditing = editing === g.id
            return (
              <li
                key={g.id}
                data-testid="grow-group-row"
                className={cx(
                  // On a phone the actions wrap to a line of their own: the name keeps its width.
                  'flex flex-wrap items-center gap-1 rounded-2xl border border-line bg-white p-2',
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
                  <RenameGroupForm group={g} onDone={() => setEditing(null)} />
                ) : (
                  <>
                    <span className="flex min-w-0 flex-1 basis-40 flex-col px-2">
                      <span className="font-medium break-words text-ink">{g.name}</span>
                      <span className="text-xs text-muted">{t('grow.moduleCount', { count: countIn(g.id) })}</span>
                    </span>
                    {mayEdit && (
                      <span className="ml-auto flex shrink-0">
                        <button
                          type="button"
                          className={iconButton}
                          disabled={i === 0 || changing}
                          aria-label={t('grow.moveUp', { name: g.name })}
                          onClick={() => void move(i, i - 1)}
                        >
                          <ArrowUp aria-hidden className="size-5" />
                        </button>
                        <button
                          type="button"
                          className={iconButton}
                          disabled={i === groups.length - 1 || changing}
                          aria-label={t('grow.moveDown', { name: g.name })}
                          onClick={() => void move(i, i + 1)}
                        >
                          <ArrowDown aria-hidden className="size-5" />
                        </button>
                        <Button
                          variant="ghost"
                          aria-label={t('grow.renameNamed', { name: g.name })}
                          onClick={() => setEditing(g.id)}
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
        loading={changing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}

/**
 * Saves a new or renamed group through the form engine: the schema's and the server's messages
 * (VALIDATION_FAILED, a name taken) land on the name field; anything else is a toast, as before.
 */
function useGroupNameForm(id: string | null, initial: string, onSaved: () => void) {
  const { t } = useTranslation()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  return useEntityForm({
    schema: ZAdviceGroupInput,
    initial: { name: initial },
    resetKey: id ?? 'new',
    submit: async ({ name }) => {
      if (!replica) return
      try {
        const saved = await saveAdviceGroup({ salonId: replica.salonId, id, name, db: replica.db })
        notify({ type: 'success', message: t(id ? 'grow.groupRenamed' : 'grow.groupCreated', { name: saved.name }) })
        onSaved()
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ADVICE_GROUP_NAME_TAKEN')
          throw new FieldRefusal({ name: errorText(err) })
        if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') throw err
        notify({ type: 'error', message: errorText(err) })
      }
    },
  })
}

/** A new group's name, above the list. */
function NewGroupForm() {
  const { t } = useTranslation()
  const form = useGroupNameForm(null, '', () => form.reset({ name: '' }))
  return (
    <EntityFormElement
      form={form}
      id="new-group-form"
      className="flex flex-wrap items-start gap-2"
      data-testid="new-group-form"
      showFormError={false}
    >
      <div className="min-w-56 flex-1">
        <TextField label={t('grow.newGroupName')} maxLength={200} {...form.field('name')} />
      </div>
      <Button type="submit" className="mt-7" loading={form.isBusy}>
        <FolderPlus aria-hidden className="size-4" /> {t('grow.addGroup')}
      </Button>
    </EntityFormElement>
  )
}

/** A group renamed in place; Cancel (or a save) goes back to the row. */
function RenameGroupForm({ group, onDone }: { group: LocalAdviceGroup; onDone: () => void }) {
  const { t } = useTranslation()
  const form = useGroupNameForm(group.id, group.name, onDone)
  return (
    <EntityFormElement
      form={form}
      id={`rename-group-${group.id}`}
      className="flex flex-1 items-start gap-1"
      showFormError={false}
    >
      <div className="flex-1">
        <TextField
          label={<span className="sr-only">{t('grow.groupName')}</span>}
          autoFocus
          maxLength={200}
          {...form.field('name')}
        />
      </div>
      <Button type="submit" variant="ghost" aria-label={t('common.save')} loading={form.isBusy}>
        <Check aria-hidden className="size-4" />
      </Button>
      <Button variant="ghost" aria-label={t('common.cancel')} onClick={onDone}>
        <X aria-hidden className="size-4" />
      </Button>
    </EntityFormElement>
  )
}
