import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * Issue 23: while a global admin acts as an employee, every audit event and customer activity the
 * request writes names the admin beside the employee. `handle` runs an impersonation's handler
 * inside `actingAs`; `audit()` and `logActivity()` (server/services/audit.ts) read it, so no
 * service has to pass it along (the sync push runs its changes inside the same request).
 */
type Acting = { employeeId: string; adminId: string }

const store = new AsyncLocalStorage<Acting>()

export const actingAs = <T>(acting: Acting | null, run: () => T): T => (acting ? store.run(acting, run) : run())

/** The global admin acting as `employeeId` in this request, if any. */
export function impersonatorOf(employeeId: string | null | undefined): string | null {
  const acting = store.getStore()
  return acting && employeeId && acting.employeeId === employeeId ? acting.adminId : null
}

/** The global admin acting in this request at all (a customer activity names no employee). */
export const currentImpersonator = (): string | null => store.getStore()?.adminId ?? null
