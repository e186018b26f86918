import type { BillingDeps } from '../services/billing/deps'
import { chargeDueRenewals, reconcilePayments, sendRenewalNotices, suspendAfterGrace } from '../services/billing/sweeps'
import type { Job } from './runner'

/** Billing's scheduled work (server/services/billing/sweeps.ts), in UTC. */
export const billingJobs = (deps: BillingDeps): Job[] => [
  {
    // Notices first: a renewal due within the lead still had its e-mail days before.
    name: 'billing-renewals',
    cron: '*/10 * * * *',
    run: async ({ now }) => ({
      notices: await sendRenewalNotices(deps, now),
      renewals: await chargeDueRenewals(deps, now),
      suspended: await suspendAfterGrace(deps, now),
    }),
  },
  { name: 'billing-reconcile', cron: '5,20,35,50 * * * *', run: ({ now }) => reconcilePayments(deps, now) },
  {
    name: 'billing-chargebacks',
    cron: '30 3 * * *',
    run: ({ now }) => reconcilePayments(deps, now, { recentPaid: true }),
  },
]
