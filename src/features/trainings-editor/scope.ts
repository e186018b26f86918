import type { ReactNode } from 'react'
import { API } from '../../api/client'
import type { SessionKind } from '../../api/transport'

/*
 * What differs between the Blueprint editor (an organisation's own trainings, staff with
 * manageTrainings), the user manual editor and the paid course editor (the platform's, global
 * admins): the endpoints, whose session calls them, the languages, where files are uploaded, and
 * (paid courses) a price and preview segments. Everything else is one set of components (issue 24).
 */
export type EditorScope = {
  /** `paid`: the course has a price, and each segment a 'preview' flag (shown before buying). */
  kind: 'training' | 'manual' | 'paid'
  /** The endpoint group; both have the same calls (the manuals' without `org`). */
  api: typeof API.trainings
  /** Path params every call carries (`org` for trainings, none for manuals). */
  params: { org: string }
  as?: SessionKind
  /** Dutch and English side by side, plus a segment's stable key (manuals). */
  bilingual: boolean
  /**
   * Where audio and PDFs are uploaded: the organisation's files (a recording's draft is kept per
   * branch), or the platform's (`/upload/audio`, `/upload/pdf`; global admins).
   */
  uploads: { orgId: string; salonId: string } | 'platform'
  /** Roles a course can be shown to (trainings); null: not asked. */
  roles: { id: string; name: string }[] | null
  /** The address of the course list and of one course's page. */
  listPath: string
  coursePath: (courseId: string) => string
  /** Trainings: the address of a course's progress screen (every employee's progress and certificate); manuals have none. */
  progressPath?: (courseId: string) => string
  /** Written offline? Never: these editors call REST only. */
  online: boolean
  /** The organisation's plan includes trainings (manuals: always); else `upgrade` says how to get it. */
  inPlan: boolean
  upgrade?: ReactNode
}

/** Whether changes can be saved now: online, and in the plan. */
export const canWrite = (scope: EditorScope) => scope.online && scope.inPlan

export const trainingsApi = API.trainings
/** The manual calls take the same inputs without `org` (an extra path param is ignored). */
export const manualsApi = API.userManuals as unknown as typeof API.trainings
/** The paid course calls likewise; their course body adds `priceCents` (the course drawer sends it). */
export const paidCoursesApi = API.globalPaidCourses as unknown as typeof API.trainings
