import { readOnlyEntity } from '../entity'

/** The customer card (issue 11): the configuration is read offline, changed online only. */
export const dashboardConfiguration = readOnlyEntity<'dashboardConfiguration'>((db) => db.dashboardConfigurations)
