import type { App } from '../app'
import type { Database } from '../db/client'
import { billingDepsOf } from '../services/billing/deps'
import { billingJobs } from './billing'
import { organisationJobs } from './organisations'
import { impersonationJobs } from './impersonation'
import { type JobRunner, startJobs } from './runner'

/**
 * Every scheduled job of the product, started by server/main.ts when JOBS is on (run them on
 * every instance or on a few: the queue runs each tick once).
 */
export async function startAppJobs(app: App, database: Pick<Database, 'jobStore'>): Promise<JobRunner> {
  return startJobs({
    store: database.jobStore,
    jobs: [
      ...billingJobs(billingDepsOf(app)),
      ...impersonationJobs({ db: app.db, mailer: app.mailer }),
      ...organisationJobs({ db: app.db, storage: app.storage }),
    ],
    log: app.log,
    onRun: (job, outcome) => app.metrics.jobRun(job, outcome),
  })
}
