import { readOnlyEntity } from '../entity'

/**
 * The employee's own certificates (issue 24), issued on the server when a completion reaches it;
 * shown offline (the course page's "Certificate"), the PDF downloaded online.
 */
export const trainingCertificate = readOnlyEntity<'trainingCertificate'>((db) => db.trainingCertificates)
