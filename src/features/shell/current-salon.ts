import { useSyncExternalStore } from 'react'
import { getSession } from '../auth/session'

/*
 * The branch the staff member works in now (branch switcher). Kept per employee in localStorage
 * so a reload or reopening the installed app lands in the same branch.
 */
const key = (employeeId: string) => `currentSalon:${employeeId}`
const listeners = new Set<() => void>()

export function getCurrentSalonId(): string | null {
  const s = getSession('employee')
  if (!s) return null
  const stored = localStorage.getItem(key(s.employee.id))
  if (stored && s.employee.salons.some((x) => x.salonId === stored)) return stored
  return s.employee.salons[0]?.salonId ?? null
}

export function setCurrentSalonId(salonId: string) {
  const s = getSession('employee')
  if (!s) return
  localStorage.setItem(key(s.employee.id), salonId)
  for (const l of listeners) l()
}

export function useCurrentSalonId(): string | null {
  return useSyncExternalStore((l) => {
    listeners.add(l)
    globalThis.addEventListener('storage', l)
    return () => {
      listeners.delete(l)
      globalThis.removeEventListener('storage', l)
    }
  }, getCurrentSalonId)
}
