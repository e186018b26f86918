import {
  Award,
  BookOpen,
  ClipboardList,
  FileCheck2,
  GraduationCap,
  Sprout,
  IdCard,
  ListPlus,
  Contact,
  CreditCard,
  History,
  MessageCircle,
  LayoutDashboard,
  Settings,
  ShieldCheck,
  Store,
  TabletSmartphone,
  Users,
} from 'lucide-react'

/**
 * Only built features appear in the navigation (issue 2). Who may use a screen is not said here:
 * each screen's route declares its policy action (`staticData.action` in src/routes/), and the
 * navigation and the staff shell's route guard both read that declaration (use-screen-access.ts).
 */
export const NAV_ITEMS = [
  // First: the staff area lands on the first of these the employee may use (staffIndexRoute).
  { key: 'dashboard', to: '/$slug/admin/dashboard', icon: LayoutDashboard },
  { key: 'customers', to: '/$slug/admin/customers', icon: Users },
  { key: 'branches', to: '/$slug/admin/branches', icon: Store },
  { key: 'questionnaires', to: '/$slug/admin/questionnaires', icon: ClipboardList },
  { key: 'employees', to: '/$slug/admin/employees', icon: Contact },
  { key: 'roles', to: '/$slug/admin/roles', icon: ShieldCheck },
  { key: 'activity', to: '/$slug/admin/activity-log', icon: History },
  // Grow modules (issue 11): advice chosen by the customer's answers.
  { key: 'grow', to: '/$slug/admin/grow', icon: Sprout },
  // Blueprint (issue 24): the organisation's trainings, for every employee.
  { key: 'blueprint', to: '/$slug/admin/blueprint', icon: GraduationCap },
  // Academy (issue 24): the platform's paid courses, next to Blueprint, for every employee.
  { key: 'academy', to: '/$slug/admin/academy', icon: Award },
  // Documents and consent forms (issue 12): for those who manage them.
  { key: 'documents', to: '/$slug/admin/documents', icon: FileCheck2 },
  // Kiosk hand-over (issue 3): outside the shell, guarded by the same declaration.
  { key: 'kiosk', to: '/$slug/admin/kiosk', icon: TabletSmartphone },
  // Custom fields (issue 10): next to the settings, the organisation's own customer fields.
  { key: 'customFields', to: '/$slug/admin/custom-fields', icon: ListPlus },
  // The customer card (issue 11): which modules and answers the card shows in this branch.
  { key: 'customerCard', to: '/$slug/admin/customer-card', icon: IdCard },
  // The subscription (issue 22): plan, usage, payments and invoices.
  { key: 'subscription', to: '/$slug/admin/subscription', icon: CreditCard },
  // WhatsApp credits (issue 23): balance, bundles and history, next to the subscription.
  { key: 'whatsappCredits', to: '/$slug/admin/whatsapp-credits', icon: MessageCircle },
  // Organisation settings (issue 9): it is used least.
  { key: 'settings', to: '/$slug/admin/settings', icon: Settings },
  // The platform's user manual (issue 24): last, every screen's Help leads there too.
  { key: 'manual', to: '/$slug/admin/manual', icon: BookOpen },
] as const

export type NavItem = (typeof NAV_ITEMS)[number]
