import { Filter, Pencil, Trash2, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalAdviceCondition } from '../../../local-db/types'
import { Badge, Button, ConfirmDialog, notify, Skeleton, useApiErrorMessage } from '../../../ui'
import { useOnline } from '../../app/use-online'
import { AddButton } from '../../../ui/list-page'
import { useReplica } from '../../sync/replica-context'
import { GrowTabEmpty } from './tab-empty'
import { ConditionForm } from './condition-form'
import { describeSubcondition } from './describe'
import { deleteAdviceCondition } from './grow-api'
import { brokenConditions, type GrowData, useCanManageGrow, useGrowLock } from './use-grow'

/**
 * The branch's conditions: what each asks (in words), which modules use it, and a warning when a
 * question or option it reads was removed from its questionnaire. A condition still used by
 * modules is not deleted: the dialog names them (remove it there first).
 */
export function ConditionsTab({ data }: { data: GrowData | undefined }) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCanManageGrow()
  const lock = useGrowLock()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const mayEdit = canManage && online
  const [drawer, setDrawer] = useState<{ open: boolean; condition: LocalAdviceCondition | null }>({
    open: false,
    condition: null,
  })
  const [removing, setRemoving] = useState<LocalAdviceCondition | null>(null)
  const [busy, setBusy] = useState(false)

  if (!data)
    return (
      <div aria-busy="true" role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    )
  const broken = brokenConditions(data.conditions, data.questionnaires)
  const usersOf = (id: string) => data.advices.filter((a) => a.conditionIds.includes(id))
  const removingUsers = removing ? usersOf(removing.id) : []

  const confirmDelete = async () => {
    if (!removing || !replica) return
    setBusy(true)
    try {
      await deleteAdviceCondition(replica.salonId, removing.id, replica.db)
      notify({ type: 'success', message: t('grow.conditionDeleted', { name: removing.name }) })
      setRemoving(null)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }
  const add = {
    label: t('grow.addCondition'),
    onClick: () => setDrawer({ open: true, condition: null }),
    allowed: canManage,
    online,
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-xl text-sm text-muted">{t('grow.conditionsTabExplained')}</p>
        <AddButton add={{ ...add, needsConnection: t('grow.needsConnection') }} />
      </div>
      {data.conditions.length === 0 ? (
        <GrowTabEmpty
          icon={<Filter aria-hidden className="size-6" />}
          title={t('grow.noConditionsTitle')}
          description={t('grow.noConditionsText')}
          readOnly={t('grow.noConditionsReadOnly')}
          add={add}
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {data.conditions.map((c) => {
            const problems = broken.get(c.id)
            const users = usersOf(c.id)
            return (
              <li
                key={c.id}
                data-testid="grow-condition-row"
                className="flex items-start gap-2 rounded-2xl border border-line bg-white p-3.5"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                    {c.name}
                    {problems && (
                      <Badge tone="danger">
                        <TriangleAlert aria-hidden className="size-3" /> {t('grow.broken')}
                      </Badge>
                    )}
                  </p>
                  <ul className="mt-1 flex flex-col text-sm text-muted">
                    {c.subconditions.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a condition's subconditions have no ids
                      <li key={i}>
                        {i > 0 && <span className="font-medium text-ink">{t('grow.and')} </span>}
                        {describeSubcondition(t, s, data.questionnaires)}
                      </li>
                    ))}
                  </ul>
                  {problems && (
                    <ul className="mt-1.5 text-sm text-[#a23b35]" data-testid="condition-problems">
                      {problems.map((p) => (
                        <li key={`${p.index}-${p.path}`}>{t(`validation.${p.code}`, { number: p.index + 1 })}</li>
                      ))}
                    </ul>
                  )}
                  <p className="mt-1.5 text-xs text-muted">
                    {users.length
                      ? t('grow.usedBy', { names: users.map((u) => u.name).join(', ') })
                      : t('grow.notUsed')}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  onClick={() => setDrawer({ open: true, condition: c })}
                  aria-label={t(mayEdit ? 'grow.editNamed' : 'grow.viewNamed', { name: c.name })}
                >
                  <Pencil aria-hidden className="size-4" />
                </Button>
                {mayEdit && (
                  <Button
                    variant="ghost"
                    onClick={() => setRemoving(c)}
                    aria-label={t('grow.deleteNamed', { name: c.name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <ConditionForm
        key={drawer.condition?.id ?? 'new'}
        drawer={{
          open: drawer.open,
          onClose: () => setDrawer((d) => ({ ...d, open: false })),
          title: !drawer.condition
            ? t('grow.newCondition')
            : mayEdit
              ? t('grow.editCondition')
              : t('grow.viewCondition'),
          submitLabel: drawer.condition ? t('common.save') : t('grow.createCondition'),
          notice: !mayEdit && <p className="mb-5 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{lock}</p>,
        }}
        condition={drawer.condition}
        questionnaires={data.questionnaires}
        onCancel={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={!!removing}
        danger={removingUsers.length === 0}
        title={removingUsers.length ? t('grow.conditionInUseTitle') : t('grow.deleteConditionTitle')}
        message={
          removingUsers.length
            ? t('grow.conditionInUseMessage', {
                name: removing?.name ?? '',
                names: removingUsers.map((u) => u.name).join(', '),
              })
            : t('grow.deleteConditionMessage', { name: removing?.name ?? '' })
        }
        confirmLabel={removingUsers.length ? t('common.close') : t('grow.deleteConfirm')}
        loading={busy}
        onConfirm={() => (removingUsers.length ? setRemoving(null) : void confirmDelete())}
        onCancel={() => setRemoving(null)}
      />
    </div>
  )
}
