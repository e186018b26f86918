import { z } from 'zod'

/*
 * The consent evidence chain's verification (issue 12): the organisation's hash chain recomputed,
 * with every record that does not hold named by its position. The same report as the command
 * `npm run evidence:verify` prints.
 */

/** Why a record does not hold: its content, its personal fields, its link, or a missing position. */
export const CHAIN_BREAK_REASONS = ['content', 'personal', 'link', 'gap'] as const

export const ZChainBreak = z.object({
  position: z.number().int(),
  id: z.string().uuid(),
  reason: z.enum(CHAIN_BREAK_REASONS),
})
export type ChainBreak = z.infer<typeof ZChainBreak>

export const ZEvidenceVerification = z.object({
  organisationId: z.string().uuid(),
  /** Records in the chain, of which `erased` lost their personal fields (hard-deleted customers). */
  records: z.number().int(),
  erased: z.number().int(),
  breaks: z.array(ZChainBreak),
  /** Whether every link holds (no breaks). */
  intact: z.boolean(),
  verifiedAt: z.string(),
})
export type EvidenceVerification = z.infer<typeof ZEvidenceVerification>
