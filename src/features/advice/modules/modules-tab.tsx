import { ListPlus, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ADVICE_CATEGORIES, ADVICE_KINDS, type AdviceCategory, type AdviceKind } from '../../../../contract/advice'
import type { LocalAdvice } from '../../../local-db/types'
import { Button, ConfirmDialog, cx, EmptyState, notify, SelectField, Skeleton, useApiErrorMessage } from '../../../ui'
import { useOnline } from '../../app/use-online'
import { AddButton } from '../../../ui/list-page'
import { useReplica } from '../../sync/replica-context'
import { useSyncStatus } from '../../sync/use-sync-status'
import { GrowTabEmpty } from './tab-empty'
import { deleteAdvice, reorderAdvices } from './grow-api'
import { ModuleDrawer } from './module-drawer'
import { ModuleList } from './module-list'
import { moveModule, orderBody, type Section, stepTarget, type Target } from './module-moves'
import { NO_GROUP, useModuleDrag } from './use-module-drag'
import { brokenConditions, type GrowData, useCanManageGrow } from './use-grow'

/**
 * The modules, grouped by group in the set order (modules without a group last), filtered by
 * kind and category. Reordering (drag, keyboard, buttons) works within a group and into another
 * one; the drawer can change a module's group too.
 */
export function ModulesTab({ data, onConditions }: { data: GrowData | undefined; onConditions: () => void }) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const neverSynced = useSyncStatus().lastSyncAt === null
  const [kind, setKind] = useState<AdviceKind | ''>('')
  const [category, setCategory] = useState<AdviceCategory | ''>('')
  const [drawer, setDrawer] = useState<{ open: boolean; advice: LocalAdvice | null; groupId: string | null }>({
    open: false,
    advice: null,
    groupId: null,
  })
  const [removing, setRemoving] = useState<LocalAdvice | null>(null)
  const [busy, setBusy] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const mayEdit = canManage && online
  const filtered = kind !== '' || category !== ''
  const reorder = mayEdit && !filtered

  const groupIds = new Set(data?.groups.map((g) => g.id))
  const shown = (data?.advices ?? []).filter(
    (a) => (!kind || a.kind === kind) && (!category || a.category === category),
  )
  const sections = [
    ...(data?.groups ?? []).map((g) => ({ id: g.id, name: g.name })),
    { id: null as string | null, name: t('grow.noGroup') },
  ].map((s) => ({
    ...s,
    modules: shown.filter((a) => (s.id === null ? a.groupId === null || !groupIds.has(a.groupId) : a.groupId === s.id)),
  }))
  const order: Section[] = sections.map((s) => ({ id: s.id, moduleIds: s.modules.map((m) => m.id) }))

  /** A module to its new place (its group or another) → the whole order, and its group if it changed. */
  const moveTo = async (moduleId: string, target: Target, focus = false) => {
    if (!replica || busy) return
    const after = moveModule(order, moduleId, target)
    const body = orderBody(order, after, moduleId)
    const section = sections.find((s) => s.id === target.to)
    const name = data?.advices.find((a) => a.id === moduleId)?.name ?? ''
    setBusy(true)
    try {
      await reorderAdvices(replica.salonId, body, replica.db)
      const ids = after.find((s) => s.id === target.to)?.moduleIds ?? []
      const position = ids.indexOf(moduleId) + 1
      setAnnouncement(
        body.groups
          ? t('grow.movedToGroup', { name, group: section?.name ?? '', position, total: ids.length })
          : t('grow.moved', { name, position, total: ids.length }),
      )
      if (focus) focusHandle(moduleId, target.to)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }
  const drag = useModuleDrag(order, (id, target) => void moveTo(id, target))
  const step = (moduleId: string, dir: -1 | 1) => {
    const target = stepTarget(order, moduleId, dir)
    return target ? () => void moveTo(moduleId, target, true) : null
  }

  if (!data)
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-16 w-full" />
          </li>
        ))}
      </ul>
    )

  const broken = new Set(brokenConditions(data.conditions, data.questionnaires).keys())
  const openAdvice = drawer.advice ? (data.advices.find((a) => a.id === drawer.advice?.id) ?? drawer.advice) : null

  const confirmDelete = async () => {
    if (!removing || !replica) return
    setBusy(true)
    try {
      await deleteAdvice(replica.salonId, removing.id, replica.db)
      notify({ type: 'success', message: t('grow.moduleDeleted', { name: removing.name }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }

  const add = {
    label: t('grow.addModule'),
    onClick: () => setDrawer({ open: true, advice: null, groupId: null }),
    allowed: canManage,
    online,
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-52">
          <SelectField
            label={t('grow.filterKind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as AdviceKind | '')}
            options={[
              { value: '', label: t('grow.allKinds') },
              ...ADVICE_KINDS.map((k) => ({ value: k, label: t(`grow.kinds.${k}`) })),
            ]}
          />
        </div>
        <div className="w-full sm:w-52">
          <SelectField
            label={t('grow.filterCategory')}
            value={category}
            onChange={(e) => setCategory(e.target.value as AdviceCategory | '')}
            options={[
              { value: '', label: t('grow.allCategories') },
              ...ADVICE_CATEGORIES.map((c) => ({ value: c, label: t(`grow.categories.${c}`) })),
            ]}
          />
        </div>
        <div className="ml-auto">
          <AddButton add={{ ...add, needsConnection: t('grow.needsConnection') }} />
        </div>
      </div>
      {data.advices.length === 0 ? (
        <GrowTabEmpty
          icon={<ListPlus aria-hidden className="size-6" />}
          title={t('grow.emptyTitle')}
          description={neverSynced && online ? t('grow.notLoadedYet') : t('grow.emptyText')}
          readOnly={neverSynced && online ? t('grow.notLoadedYet') : t('grow.emptyReadOnly')}
          add={add}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<ListPlus aria-hidden className="size-6" />}
          title={t('grow.noMatchTitle')}
          description={t('grow.noMatchText')}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setKind('')
                setCategory('')
              }}
            >
              {t('grow.clearFilters')}
            </Button>
          }
        />
      ) : (
        <div ref={drag.containerRef} className="flex flex-col gap-5">
          {sections
            // While reordering, "no group" stays on screen (empty too): modules can be moved out of every group.
            .filter((s) => s.modules.length > 0 || (s.id !== null ? !filtered : reorder && data.groups.length > 0))
            .map((s) => (
              <section
                key={s.id ?? NO_GROUP}
                className="flex flex-col gap-2"
                data-testid="grow-group-section"
                data-group-name={s.name}
                data-drop-section={s.id ?? NO_GROUP}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="font-display text-lg text-ink">
                    {s.name} <span className="text-sm text-muted tabular-nums">({s.modules.length})</span>
                  </h2>
                  {mayEdit && s.id !== null && (
                    <Button variant="ghost" onClick={() => setDrawer({ open: true, advice: null, groupId: s.id })}>
                      <Plus aria-hidden className="size-4" />
                      <span className="hidden sm:inline">{t('grow.addToGroup')}</span>
                      <span className="sr-only sm:hidden">{t('grow.addToGroupNamed', { name: s.name })}</span>
                    </Button>
                  )}
                </div>
                {s.modules.length === 0 ? (
                  <p
                    className={cx(
                      'rounded-2xl border border-dashed px-4 py-3 text-sm text-muted',
                      drag.dropsInto(s.id) ? 'border-primary-dark bg-primary-lighter' : 'border-line',
                    )}
                  >
                    {t('grow.groupEmpty')}
                  </p>
                ) : (
                  <ModuleList
                    title={s.name}
                    modules={s.modules}
                    sectionId={s.id}
                    reorder={reorder}
                    editable={mayEdit}
                    busy={busy}
                    broken={broken}
                    drag={drag}
                    step={step}
                    onOpen={(a) => setDrawer({ open: true, advice: a, groupId: a.groupId })}
                    onDelete={setRemoving}
                  />
                )}
              </section>
            ))}
          {mayEdit && (
            <p id="grow-reorder-help" className="text-xs text-muted">
              {filtered
                ? t('grow.reorderFiltered')
                : t(data.groups.length > 0 ? 'grow.reorderHelpGroups' : 'grow.reorderHelp')}
            </p>
          )}
          {broken.size > 0 && (
            <p className="text-sm text-muted">
              {t('grow.brokenHint')}{' '}
              <button type="button" className="text-primary-dark underline" onClick={onConditions}>
                {t('grow.toConditions')}
              </button>
            </p>
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
      )}
      <ModuleDrawer
        open={drawer.open}
        advice={openAdvice}
        groupId={drawer.groupId}
        data={data}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={!!removing}
        danger
        title={t('grow.deleteModuleTitle')}
        message={t('grow.deleteModuleMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('grow.deleteConfirm')}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}

/** Keeps the keyboard on the moved module: its row is drawn anew once the replica has the order. */
function focusHandle(moduleId: string, sectionId: string | null) {
  let tries = 0
  const attempt = () => {
    const el = document.querySelector<HTMLButtonElement>(
      `[data-drop-section="${sectionId ?? NO_GROUP}"] [data-drag-handle="${moduleId}"]`,
    )
    el?.focus()
    if (document.activeElement !== el && ++tries < 20) setTimeout(attempt, 50)
  }
  requestAnimationFrame(attempt)
}
