import { useCallback, useState } from 'react'
import { zEmail } from '../../../contract/validation'
import { api } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useReplica } from '../sync/sync-provider'

export type EmailCheck = 'free' | 'taken' | 'otherBranch' | null

/**
 * Live e-mail check while the form is open. This branch's customers are all in the replica, so
 * "already a customer here" is answered locally (offline too); whether the address exists in
 * another branch needs the server (GET /customers/email), so only online. It only advises: the
 * server's answer to the queued create decides.
 */
export function useEmailCheck() {
  const replica = useReplica()
  const [result, setResult] = useState<EmailCheck>(null)
  const check = useCallback(
    async (email: string, exceptId: string | null) => {
      const parsed = zEmail.safeParse(email)
      if (!replica || !parsed.success) return setResult(null)
      const here = await replica.db.customers
        .where('email')
        .equals(parsed.data)
        .filter((c) => c.id !== exceptId && c.salonIds.includes(replica.salonId))
        .count()
      if (here > 0) return setResult('taken')
      if (!navigator.onLine) return setResult(null)
      try {
        const r = await api<{ exists: boolean; inYourBranches: boolean }>(
          `/organisations/${replica.orgId}/customers/email`,
          { query: { email: parsed.data }, token: getEmployeeToken() },
        )
        // Not in this branch's replica, but known to the server: it belongs to another branch.
        setResult(r.exists ? 'otherBranch' : 'free')
      } catch {
        setResult(null)
      }
    },
    [replica],
  )
  const reset = useCallback(() => setResult(null), [])
  return { result, check, reset }
}
