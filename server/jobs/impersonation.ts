import type { Db } from '../db/client'
import type { Mailer } from '../integrations/mail/mailer'
import { sweepImpersonations } from '../services/auth/impersonation'
import type { Job } from './runner'

/**
 * Issue 23: impersonations that ran out (30 minutes) or ended with their admin's session are
 * finished every minute: the stop in the organisation's activity log, the employee e-mailed.
 */
export const impersonationJobs = (deps: { db: Db; mailer: Mailer }): Job[] => [
  { name: 'impersonation-ends', cron: '* * * * *', run: ({ now }) => sweepImpersonations(deps, now) },
]
