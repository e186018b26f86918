import { z } from 'zod'

export const ZOrgParams = z.object({ org: z.string().trim().min(1).max(100) })
export const ZCustomerSettings = z.object({ companyName: z.string(), slug: z.string() })
