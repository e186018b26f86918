import { allows } from '../../../../contract/policy'
import { changedCertificates } from '../../trainings/certificates'
import type { SyncEntity } from '../entity'

/**
 * The reader's own certificates (issue 24; GET …/trainings/certificates), issued on the server by
 * the progress write that completes a course (services/trainings/certificates.ts); read offline, never written by a device.
 */
export const trainingCertificate: SyncEntity<'trainingCertificate'> = {
  feed: {
    readable: (caller) => allows(caller, 'trainings.read'),
    changed: ({ db, caller, since, limit }) => changedCertificates(db, caller, since, limit),
  },
  runners: {},
}
