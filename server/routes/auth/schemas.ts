import { z } from 'zod'

/** `{org}` in authentication paths is the organisation id or its slug. */
export const ZOrgRef = z.object({ org: z.string().trim().min(1).max(100) })
