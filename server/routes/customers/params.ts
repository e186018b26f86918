import { z } from 'zod'

/** {org} is compared with the session's organisation; a foreign or unknown id is a 404. */
export const ZOrgParams = z.object({ org: z.string().max(100) })
export const ZCustomerParams = ZOrgParams.extend({ id: z.string().uuid() })
export const ZConflictParams = ZCustomerParams.extend({ conflictId: z.string().uuid() })
export const tags = ['customers']
