import { useEmployeeSession } from '../auth/session'

/**
 * Issue 21 #16: until the owner confirmed their e-mail address, the organisation e-mails,
 * WhatsApps and invites nobody (the server refuses with EMAIL_NOT_CONFIRMED). Send actions read
 * this to be disabled with the reason instead of failing. A session stored before the flag
 * existed has none: treated as confirmed until the next refresh of /employees/me says otherwise.
 */
export function useSendingBlocked(): boolean {
  return useEmployeeSession()?.employee.emailConfirmed === false
}
