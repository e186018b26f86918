import { Search, UserPlus, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { Button, EmptyState, Skeleton, TextField } from '../../ui'
import { useCustomers } from '../customers/use-customers'
import { Choice } from './choice'
import { KioskNewCustomer } from './kiosk-new-customer'
import { useCan } from '../auth/use-can'

const SHOWN = 6

type Props = { selected: LocalCustomer | null; onSelect: (id: string | null) => void }

/** Step 1: a customer of this branch from the replica (search works offline), or a new one. */
export function CustomerPicker({ selected, onSelect }: Props) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState(false)
  const list = useCustomers({ search })
  const canManage = useCan('customers.manage')

  if (selected)
    return (
      <Choice
        selected
        title={`${selected.firstName} ${selected.lastName}`}
        detail={selected.email}
        badge={selected._pending ? t('customers.pending') : undefined}
        onClick={() => onSelect(null)}
        action={t('kiosk.start.change')}
      />
    )

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <TextField
            label={t('kiosk.start.searchCustomer')}
            name="kioskCustomerSearch"
            type="search"
            value={search}
            placeholder={t('kiosk.start.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {canManage && (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden className="size-4" /> {t('kiosk.start.newCustomer')}
          </Button>
        )}
      </div>
      {!list ? (
        <Skeleton className="h-40 w-full" />
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={search ? <Search aria-hidden className="size-5" /> : <Users aria-hidden className="size-5" />}
          title={search ? t('kiosk.start.noMatch') : t('kiosk.start.noCustomers')}
          description={canManage ? t('kiosk.start.createHint') : undefined}
        />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('kiosk.start.customers')}>
          {list.items.slice(0, SHOWN).map((c) => (
            <li key={c.id}>
              <Choice
                title={`${c.firstName} ${c.lastName}`}
                detail={c.email}
                badge={c._pending ? t('customers.pending') : undefined}
                onClick={() => onSelect(c.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {list && list.total > SHOWN && (
        <p className="text-sm text-muted">{t('kiosk.start.refine', { count: list.total })}</p>
      )}
      <KioskNewCustomer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false)
          onSelect(id)
        }}
      />
    </div>
  )
}
