import { useCallback, useState } from 'react'
import { zEmail } from '../../../contract/validation'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { useReplica } from '../sync/sync-provider'

export type EmailCheck = 'free' | 'taken' | 'otherBranch' | null
/** `existingId`: the customer of this branch who has the address (to open them instead). */
export type EmailCheckResult = { result: EmailCheck; existingId: string | null; email: string }

const NONE: EmailCheckResult = { result: null, existingId: null, email: '' }

/**
 * Live e-mail check while the form is open. This branch's customers are all in the replica, so
 * "already a customer here" is answered locally (offline too); whether the address exists in
 * another branch needs the server (GET /customers/email), so only online. Save awaits it too:
 * a customer the server will refuse is never created on the device.
 */
export function useEmailCheck() {
  const replica = useReplica()
  const [state, setState] = useState<EmailCheckResult>(NONE)
  const check = useCallback(
    async (email: string, exceptId: string | null): Promise<EmailCheckResult> => {
      const parsed = zEmail.safeParse(email)
      const done = (r: EmailCheckResult) => {
        setState(r)
        return r
      }
      if (!replica || !parsed.success) return done(NONE)
      const here = await replica.db.customers
        .where('email')
        .equals(parsed.data)
        .filter((c) => c.id !== exceptId && c.salonIds.includes(replica.salonId))
        .first()
      if (here) return done({ result: 'taken', existingId: here.id, email: parsed.data })
      if (!navigator.onLine) return done(NONE)
      try {
        const r = await apiCall(API.customers.lookupEmail, {
          params: { org: replica.orgId },
          query: { email: parsed.data },
        })
        // Not in this branch's replica, but known to the server: it belongs to another branch.
        return done({ result: r.exists ? 'otherBranch' : 'free', existingId: null, email: parsed.data })
      } catch {
        return done(NONE)
      }
    },
    [replica],
  )
  const reset = useCallback(() => setState(NONE), [])
  return { result: state.result, existingId: state.existingId, check, reset }
}
