import type { EvidenceVerification } from '../../../../contract/consent-evidence'
import { authorize, type TenantCaller } from '../../../auth/caller'
import type { DbOrTx } from '../../../db/client'
import { verifyChain } from './evidence-chain'

/** The organisation's evidence chain verified, as the endpoint and the command report it. */
export async function evidenceVerification(db: DbOrTx, organisationId: string): Promise<EvidenceVerification> {
  const report = await verifyChain(db, organisationId)
  return { ...report, intact: report.breaks.length === 0, verifiedAt: new Date().toISOString() }
}

/** GET /documents/evidence/verification: the organisation's owner (organisation.manage). */
export async function verifyOwnChain(opts: { db: DbOrTx; caller: TenantCaller }): Promise<EvidenceVerification> {
  authorize(opts.caller, 'organisation.manage')
  return evidenceVerification(opts.db, opts.caller.organisationId)
}
