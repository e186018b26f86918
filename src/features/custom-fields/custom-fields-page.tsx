import { ArrowDown, ArrowUp, Eye, ListPlus, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomField } from '../../../contract/custom-fields'
import { Badge, Button, notify, Truncated, useApiErrorMessage } from '../../ui'
import { ListPage, useConfirmDelete } from '../../ui/list-page'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { useSyncStatus } from '../sync/use-sync-status'
import { CustomFieldDrawer } from './custom-field-drawer'
import { deleteCustomField, reorderCustomFields } from './save-custom-field'
import { useCustomFields } from './use-custom-fields'

/**
 * The organisation's custom fields (issue 10), read from the replica, offline too. Owners define,
 * order and delete them here (online); everyone else who reads customers sees them read-only.
 */
export function CustomFieldsPage() {
  const { t } = useTranslation()
  const fields = useCustomFields()
  const online = useOnline()
  const replica = useReplica()
  const canManage = useCan('customFields.manage')
  const errorText = useApiErrorMessage()
  const [drawer, setDrawer] = useState<{ open: boolean; field: CustomField | null }>({ open: false, field: null })
  const [busy, setBusy] = useState(false)
  const openField = drawer.field ? (fields?.find((f) => f.id === drawer.field?.id) ?? drawer.field) : null
  const mayEdit = canManage && online
  const neverSynced = useSyncStatus().lastSyncAt === null

  const move = async (index: number, by: -1 | 1) => {
    if (!fields || busy) return
    const ids = fields.map((f) => f.id)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id)
    setBusy(true)
    try {
      await reorderCustomFields(ids, replica?.db)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setBusy(false)
    }
  }

  const removing = useConfirmDelete<CustomField>({
    remove: (f) => deleteCustomField(f.id, replica?.db),
    texts: (f) => ({
      title: t('custom-fields.deleteTitle'),
      message: t('custom-fields.deleteMessage', { name: f.displayName }),
      confirmLabel: t('custom-fields.deleteConfirm'),
    }),
    onDone: (f) => notify({ type: 'success', message: t('custom-fields.deleted', { name: f.displayName }) }),
    onError: (err) => notify({ type: 'error', message: errorText(err) }),
  })

  return (
    <ListPage
      title={t('custom-fields.title')}
      description={
        !canManage
          ? t('custom-fields.readOnly')
          : !online
            ? t('custom-fields.needsConnection')
            : t('custom-fields.description')
      }
      add={{
        label: t('custom-fields.add'),
        onClick: () => setDrawer({ open: true, field: null }),
        allowed: canManage,
        online,
        needsConnection: t('custom-fields.needsConnection'),
      }}
      items={fields}
      loadingLabel={t('common.loading')}
      empty={{
        icon: <ListPlus aria-hidden className="size-6" />,
        title: t('custom-fields.emptyTitle'),
        description: neverSynced && online ? t('custom-fields.notLoadedYet') : t('custom-fields.emptyText'),
        readOnly: neverSynced && online ? t('custom-fields.notLoadedYet') : t('custom-fields.emptyReadOnly'),
      }}
      after={
        <CustomFieldDrawer
          open={drawer.open}
          field={openField}
          onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        />
      }
      confirm={removing.dialog}
    >
      {(fields) => (
        <ul className="flex flex-col gap-3" data-testid="custom-field-list">
          {fields.map((f, i) => (
            <li
              key={f.id}
              data-testid="custom-field-row"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-white px-4 py-3 shadow-[0_1px_2px_rgba(43,38,35,0.04)] sm:flex-nowrap sm:px-5"
            >
              <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  <Truncated text={f.displayName} />
                  {f.required && <Badge>{t('custom-fields.requiredBadge')}</Badge>}
                </p>
                <p
                  className="truncate text-sm text-muted"
                  title={[
                    f.propertyName,
                    t(`custom-fields.types.${f.type}`),
                    f.type === 'option' && f.options.join(', '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                >
                  <code className="font-mono">{f.propertyName}</code> · {t(`custom-fields.types.${f.type}`)}
                  {f.type === 'option' && f.options.length > 0 && ` · ${f.options.join(', ')}`}
                </p>
              </div>
              <div className="ml-auto flex shrink-0 items-center">
                {mayEdit && (
                  <div className="flex">
                    <Button
                      variant="ghost"
                      disabled={i === 0 || busy || removing.busy}
                      aria-label={t('custom-fields.moveUp', { name: f.displayName })}
                      onClick={() => void move(i, -1)}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={i === fields.length - 1 || busy || removing.busy}
                      aria-label={t('custom-fields.moveDown', { name: f.displayName })}
                      onClick={() => void move(i, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </Button>
                  </div>
                )}
                <Button
                  variant="ghost"
                  onClick={() => setDrawer({ open: true, field: f })}
                  aria-label={t(mayEdit ? 'custom-fields.editNamed' : 'custom-fields.viewNamed', {
                    name: f.displayName,
                  })}
                >
                  {mayEdit ? <Pencil aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                  <span className="hidden sm:inline">{mayEdit ? t('common.edit') : t('custom-fields.view')}</span>
                </Button>
                {mayEdit && (
                  <Button
                    variant="ghost"
                    onClick={() => removing.ask(f)}
                    aria-label={t('custom-fields.deleteNamed', { name: f.displayName })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  )
}
