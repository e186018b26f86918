import { z } from 'zod'

/*
 * The path parameters shared by the routes, exactly as each route group checks them today (the
 * server's route files import these rather than declaring their own).
 */

/** `{org}` as the id or slug (authentication, organisation, branch and employee routes). */
export const ZOrgRefParams = z.object({ org: z.string().trim().min(1).max(100) })
export const ZOrgRefSalonParams = ZOrgRefParams.extend({ salon: z.string().uuid() })

/** `{org}` compared with the session's organisation; a foreign or unknown id is a 404. */
export const ZOrgParams = z.object({ org: z.string().max(100) })
export const ZCustomerParams = ZOrgParams.extend({ id: z.string().uuid() })
export const ZConflictParams = ZCustomerParams.extend({ conflictId: z.string().uuid() })
export const ZSalonParams = ZOrgParams.extend({ salon: z.string().uuid() })
export const ZSalonItemParams = ZSalonParams.extend({ id: z.string().uuid() })
