import type { Language } from '../../../contract/enums'
import { EMPLOYEE_PERMISSIONS, PERMISSIONS, type Permission } from '../../../contract/permissions'

/*
 * The roles a new organisation starts with (issue 9: "sensible presets ... that they can
 * change"). Ordinary roles once created: the organisation renames, edits or adds to them on the
 * roles screen. Sign-up (organisations/create.ts) and the demo (seed/demo.ts) both use this list,
 * named in the admin's language.
 */

export type PresetKey = 'owner' | 'manager' | 'receptionist' | 'specialist'
export type Preset = { key: PresetKey; name: Record<Language, string>; permissions: readonly Permission[] }

export const ROLE_PRESETS: readonly Preset[] = [
  /** Everything: the sign-up's first admin holds it in the first branch. */
  { key: 'owner', name: { nl: 'Eigenaar', en: 'Owner' }, permissions: PERMISSIONS },
  /**
   * Runs branches day to day: every employee permission (customers, the team, questionnaires,
   * advice) plus seeing the branches and the subscription, documents and trainings. Not the
   * organisation's settings, subscription changes, branches or roles (managePermissions): those
   * stay with the owner. Without managePermissions a manager only grants roles within their own
   * permissions (services/employees/access.ts), so they can never hand out Owner.
   */
  {
    key: 'manager',
    name: { nl: 'Manager', en: 'Manager' },
    permissions: [...EMPLOYEE_PERMISSIONS, 'readSalons', 'readSubscription', 'manageDocuments', 'manageTrainings'],
  },
  /**
   * The front desk: finds and registers customers, hands the tablet over at the kiosk
   * (manageCustomers lets them take a questionnaire: policy 'questionnaires.fill',
   * 'submissions.take'). Decided: no readQuestionnaires — the answers are health data the
   * desk does not need to read, and the kiosk works without it (the demo's receptionist, whom
   * the e2e tests keep away from the questionnaire screens, holds exactly this).
   */
  {
    key: 'receptionist',
    name: { nl: 'Receptie', en: 'Receptionist' },
    permissions: ['readCustomers', 'manageCustomers'],
  },
  /**
   * Treats customers: reads and updates them, reads their questionnaires (the intake before a
   * treatment) and gives advice. Decided: no manageQuestionnaires — changing the questionnaires
   * themselves is the manager's or owner's job.
   */
  {
    key: 'specialist',
    name: { nl: 'Specialist', en: 'Specialist' },
    permissions: ['readCustomers', 'manageCustomers', 'readQuestionnaires', 'readAdvice', 'manageAdvice'],
  },
]

/** The preset roles as rows for one organisation; `ids` names each (by key) for the caller. */
export function presetRoles(organisationId: string, language: Language, newId: () => string) {
  const ids = {} as Record<PresetKey, string>
  const rows = ROLE_PRESETS.map((p) => {
    ids[p.key] = newId()
    return { id: ids[p.key], organisationId, name: p.name[language], permissions: [...p.permissions] }
  })
  return { ids, rows }
}
