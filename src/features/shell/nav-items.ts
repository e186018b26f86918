import { ClipboardList, LayoutDashboard, Store, TabletSmartphone, Users } from 'lucide-react'
import type { Permission } from '../../../contract/permissions'
import type { EmployeeMe } from '../../../contract/auth'

/** Only built features appear in the navigation (issue 2). Each item names its permission rule. */
export const NAV_ITEMS = [
  {
    // First: the staff area lands here (staffIndexRoute) for those who may read questionnaires.
    key: 'dashboard',
    to: '/$slug/admin/dashboard',
    icon: LayoutDashboard,
    visible: (e: EmployeeMe) => holdsAnywhere(e, 'readQuestionnaires') || holdsAnywhere(e, 'manageQuestionnaires'),
  },
  {
    key: 'customers',
    to: '/$slug/admin/customers',
    icon: Users,
    visible: (e: EmployeeMe) => holdsAnywhere(e, 'readCustomers') || holdsAnywhere(e, 'manageCustomers'),
  },
  {
    key: 'branches',
    to: '/$slug/admin/branches',
    icon: Store,
    visible: (e: EmployeeMe) => e.permissions.includes('manageSalons') || e.permissions.includes('readSalons'),
  },
  {
    key: 'questionnaires',
    to: '/$slug/admin/questionnaires',
    icon: ClipboardList,
    visible: (e: EmployeeMe) => holdsAnywhere(e, 'readQuestionnaires') || holdsAnywhere(e, 'manageQuestionnaires'),
  },
  {
    // Kiosk hand-over (issue 3): pick a customer, and take a submission (server TAKE_SUBMISSIONS).
    key: 'kiosk',
    to: '/$slug/admin/kiosk',
    icon: TabletSmartphone,
    visible: (e: EmployeeMe) =>
      (holdsAnywhere(e, 'readCustomers') || holdsAnywhere(e, 'manageCustomers')) &&
      (['readQuestionnaires', 'manageCustomers', 'manageQuestionnaires'] as const).some((p) => holdsAnywhere(e, p)),
  },
] as const

export function holdsAnywhere(e: EmployeeMe, p: Permission) {
  return e.permissions.includes(p) || e.salons.some((s) => s.permissions.includes(p))
}
