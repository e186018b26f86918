import { useCallback, useState } from 'react'
import { zEmail } from '../../../contract/validation'
import { api } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useReplica } from '../sync/sync-provider'

export type EmailCheck = 'free' | 'taken' | 'otherBranch' | null

/**
 * Live e-mail check (GET /customers/email) while the form is open and the device is online. It
 * only advises: offline, the server's answer to the queued create decides.
 */
export function useEmailCheck() {
  const replica = useReplica()
  const [result, setResult] = useState<EmailCheck>(null)
  const check = useCallback(
    async (email: string) => {
      const parsed = zEmail.safeParse(email)
      if (!replica || !parsed.success || !navigator.onLine) return setResult(null)
      try {
        const r = await api<{ exists: boolean; inYourBranches: boolean }>(
          `/organisations/${replica.orgId}/customers/email`,
          { query: { email: parsed.data }, token: getEmployeeToken() },
        )
        setResult(r.inYourBranches ? 'taken' : r.exists ? 'otherBranch' : 'free')
      } catch {
        setResult(null)
      }
    },
    [replica],
  )
  const reset = useCallback(() => setResult(null), [])
  return { result, check, reset }
}
