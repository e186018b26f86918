/**
 * Documents (issue 12), one resource in four parts: the organisation's documents and versions
 * (admin), sending them to customers (sending), the customer reading and answering them
 * (signing), and the signed PDFs and evidence chain (evidence). `API.documents`,
 * `API.customerDocuments`, `API.documentResponses` and `API.consentEvidence` keep their names.
 */
export { documents } from './admin'
export { consentEvidence } from './evidence'
export { customerDocuments } from './sending'
export { documentResponses } from './signing'
