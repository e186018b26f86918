import {
  BookOpen,
  Building2,
  CreditCard,
  GraduationCap,
  Layers,
  type LucideIcon,
  ScrollText,
  TicketPercent,
} from 'lucide-react'

/**
 * The global admin area's sections, in navigation order: one line each (its label's key, its
 * path under /global-admin, its icon). The first is where the area lands. A new section adds its
 * line here and its route under `globalAdminRoute` (src/routes/global-admin.tsx).
 */
export type GlobalAdminSection = { labelKey: string; to: string; icon: LucideIcon }

export const GLOBAL_ADMIN_SECTIONS: readonly GlobalAdminSection[] = [
  { labelKey: 'global-admin.sections.organisations', to: '/global-admin/organisations', icon: Building2 },
  { labelKey: 'global-admin.sections.subscriptions', to: '/global-admin/subscriptions', icon: CreditCard },
  { labelKey: 'global-admin.sections.plans', to: '/global-admin/plans', icon: Layers },
  { labelKey: 'global-admin.sections.discountCodes', to: '/global-admin/discount-codes', icon: TicketPercent },
  { labelKey: 'global-admin.sections.paidCourses', to: '/global-admin/paid-courses', icon: GraduationCap },
  { labelKey: 'global-admin.sections.userManuals', to: '/global-admin/user-manuals', icon: BookOpen },
  { labelKey: 'global-admin.sections.audit', to: '/global-admin/audit', icon: ScrollText },
]
