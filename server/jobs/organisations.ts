import type { Db } from '../db/client'
import type { FileStore } from '../integrations/storage'
import { purgeDeletedOrganisations } from '../services/global-organisations/remove'
import type { Job } from './runner'

/** Issue 23: organisations deleted by a global admin are purged once their retention has passed. */
export const organisationJobs = (deps: { db: Db; storage: FileStore }): Job[] => [
  {
    name: 'organisations-purge',
    cron: '40 2 * * *',
    run: async ({ now }) => ({ purged: await purgeDeletedOrganisations({ ...deps, now }) }),
  },
]
