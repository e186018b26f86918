import { createContext, useContext } from 'react'
import type { EmployeeSession } from '../../../contract/auth'
import type { KioskSession } from './kiosk-db'

/**
 * What the kiosk's layout (kiosk-layout.tsx) knows and its screens read: the organisation, the
 * signed-in employee and the hand-over in progress here (null: the tablet is staff's, the start).
 */
export type KioskState = { slug: string; session: EmployeeSession; kiosk: KioskSession | null }

export const KioskContext = createContext<KioskState | null>(null)

export function useKiosk(): KioskState {
  const state = useContext(KioskContext)
  if (!state) throw new Error('useKiosk outside KioskLayout')
  return state
}

/** The hand-over the customer holds (a screen shown only while the tablet is theirs). */
export function useHandOver(): KioskState & { kiosk: KioskSession } {
  const state = useKiosk()
  if (!state.kiosk) throw new Error('useHandOver without a hand-over')
  return { ...state, kiosk: state.kiosk }
}
