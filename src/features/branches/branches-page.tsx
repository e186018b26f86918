import { useNavigate, useSearch } from '@tanstack/react-router'
import { Pencil, Store, UserRound, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Salon } from '../../../contract/salons'
import { Button, Truncated } from '../../ui'
import { ListPage } from '../../ui/list-page'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { BranchDrawer } from './branch-drawer'
import { useSalons } from './use-salons'

const FROM = '/$slug/admin/branches'

/** Branches (API: salons) with their customer and employee counts, read from the replica. */
export function BranchesPage() {
  const { t } = useTranslation()
  const salons = useSalons()
  const online = useOnline()
  const [drawer, setDrawer] = useState<{ open: boolean; salon: Salon | null }>({ open: false, salon: null })
  const canManage = useCan('salons.manage')
  // `?new=1` opens the create drawer (the payment return page's "Add a branch"); closing it
  // takes the parameter away, so the back button or a reload does not open it again.
  const creating = useSearch({ from: FROM }).new === true && canManage && online
  const navigate = useNavigate({ from: FROM })
  const closeDrawer = () => {
    setDrawer((d) => ({ ...d, open: false }))
    if (creating) void navigate({ replace: true, search: (prev) => ({ ...prev, new: undefined }) })
  }

  return (
    <ListPage
      title={t('branches.title')}
      description={canManage && !online ? t('branches.needsConnection') : t('branches.description')}
      add={{
        label: t('branches.add'),
        onClick: () => setDrawer({ open: true, salon: null }),
        allowed: canManage,
        online,
        needsConnection: t('branches.needsConnection'),
      }}
      items={salons}
      loadingLabel={t('common.loading')}
      empty={{
        icon: <Store aria-hidden className="size-6" />,
        title: t('branches.emptyTitle'),
        description: t('branches.emptyText'),
        readOnly: t('branches.emptyReadOnly'),
      }}
      after={
        <BranchDrawer open={drawer.open || creating} salon={creating ? null : drawer.salon} onClose={closeDrawer} />
      }
    >
      {(salons) => (
        <ul className="flex flex-col gap-3" data-testid="branch-list">
          {salons.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-white px-5 py-4 shadow-[0_1px_2px_rgba(43,38,35,0.04)]"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
                <Store aria-hidden className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <Truncated as="p" className="font-medium text-ink" text={s.name} />
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                  <span className="inline-flex items-center gap-1.5">
                    <Users aria-hidden className="size-4" />
                    {t('branches.customersCount', { count: s.customersCount })}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <UserRound aria-hidden className="size-4" />
                    {t('branches.employeesCount', { count: s.employeesCount })}
                  </span>
                </p>
              </div>
              {canManage && (
                <Button
                  variant="ghost"
                  onClick={() => setDrawer({ open: true, salon: s })}
                  disabled={!online}
                  aria-label={t('branches.editNamed', { name: s.name })}
                >
                  <Pencil aria-hidden className="size-4" />
                  <span className="hidden sm:inline">{t('common.edit')}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  )
}
