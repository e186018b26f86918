import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { Check, ChevronDown, Store } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeMe } from '../../../contract/auth'
import { Truncated } from '../../ui/truncated'
import { useOutboxCount, useUnsentNow } from '../sync/use-outbox-count'
import { setCurrentSalonId, useCurrentSalonId } from './current-salon'
import { lazyOnOpen } from '../app/lazy-on-open'

/** Opened when a switch needs confirming: the dialog loads then, not with every screen. */
const ConfirmDialog = lazyOnOpen(() => import('../../ui/confirm-dialog'), 'ConfirmDialog')

/**
 * The branch the employee works in now; switching warns while changes wait to be sent. On a phone
 * the shop icon gives way to the name: beside the sync pill's waiting count the name was cut to
 * 50 px.
 */
export function BranchSwitcher({ employee }: { employee: EmployeeMe }) {
  const { t } = useTranslation()
  const current = useCurrentSalonId()
  const outbox = useOutboxCount()
  const unsentNow = useUnsentNow()
  const [pending, setPending] = useState<string | null>(null)
  const salons = employee.salons
  const currentName = salons.find((s) => s.salonId === current)?.salonName ?? ''

  const choose = async (id: string) => {
    if (id === current) return
    if ((await unsentNow()) > 0) setPending(id)
    else setCurrentSalonId(id)
  }

  if (salons.length <= 1)
    return (
      <p className="flex min-h-11 min-w-0 items-center gap-2 text-sm font-medium text-ink">
        <Store aria-hidden className="hidden size-4 shrink-0 text-primary-dark sm:block" />
        <Truncated text={currentName} />
      </p>
    )

  return (
    <>
      <Listbox value={current ?? ''} onChange={choose}>
        <ListboxButton
          title={currentName}
          className="flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:border-primary"
        >
          <Store aria-hidden className="hidden size-4 shrink-0 text-primary-dark sm:block" />
          {/* Named by what it shows ("Vestiging: Utrecht"), so voice control finds it by the branch. */}
          <span className="sr-only">{t('shell.branch')}: </span>
          <Truncated text={currentName} />
          <ChevronDown aria-hidden className="size-4 shrink-0 text-muted" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-[1200] mt-1 min-w-[var(--button-width)] rounded-xl border border-line bg-white p-1 shadow-lg focus:outline-none"
        >
          {salons.map((s) => (
            <ListboxOption
              key={s.salonId}
              value={s.salonId}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-ink data-[focus]:bg-primary-light"
            >
              <Check aria-hidden className={s.salonId === current ? 'size-4 text-primary-dark' : 'size-4 invisible'} />
              {s.salonName}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <ConfirmDialog
        open={pending !== null}
        title={t('shell.switchWarningTitle')}
        message={t('shell.unsentChanges', { count: outbox ?? 0 })}
        confirmLabel={t('shell.switchAnyway')}
        danger
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) setCurrentSalonId(pending)
          setPending(null)
        }}
      />
    </>
  )
}
