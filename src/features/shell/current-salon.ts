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

/** The branch last chosen by this employee, whether or not they still hold it. */
export const storedCurrentSalonId = (employeeId: string) => localStorage.getItem(key(employeeId))

/**
 * A branch the employee no longer holds (issue 9): forgotten, so they land in a branch they
 * still have (the first one) and a later role there does not bring them back unasked.
 */
export function forgetCurrentSalon(employeeId: string, salonId: string) {
  if (localStorage.getItem(key(employeeId)) !== salonId) return
  localStorage.removeItem(key(employeeId))
  for (const l of listeners) l()
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
