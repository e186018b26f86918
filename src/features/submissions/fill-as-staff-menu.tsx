import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useNavigate } from '@tanstack/react-router'
import { ClipboardPen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LocalCustomer } from '../../local-db/types'
import { useQuestionnaires } from '../sync/use-questionnaires'
import { useCan } from '../auth/use-can'

/**
 * "Fill in": the organisation's employee questionnaires (a skin analysis, treatment notes) that
 * staff fill about this customer themselves. From the replica, so it works offline; shown only
 * when there is one and the employee may take submissions in this branch.
 */
export function FillAsStaffMenu({ customer, slug }: { customer: LocalCustomer; slug: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const list = useQuestionnaires({ kind: 'employeeQuestionnaire' })
  const mayTake = useCan('submissions.take')
  if (!mayTake || !list?.length) return null
  return (
    <Menu>
      <MenuButton className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:border-primary hover:bg-primary-lighter">
        <ClipboardPen aria-hidden className="size-4" /> {t('submissions.fillAsStaff')}
      </MenuButton>
      <MenuItems
        // On a phone the button sits at the left of its row: the menu is shifted to stay 16 px
        // inside the screen rather than touching its edge.
        anchor={{ to: 'bottom end', gap: 4, padding: 16 }}
        className="z-[1250] w-64 rounded-xl border border-line bg-white p-1 shadow-xl focus:outline-none"
      >
        {list.map((q) => (
          <MenuItem key={q.id}>
            <button
              type="button"
              onClick={() =>
                void navigate({
                  to: '/$slug/admin/fill/$questionnaireId',
                  params: { slug, questionnaireId: q.id },
                  search: { customerId: customer.id },
                })
              }
              className="flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm text-ink data-[focus]:bg-primary-lighter"
            >
              {q.name}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
