import { z } from 'zod'

/** {org} is compared with the session's organisation; a foreign or unknown id is a 404. */
export const ZSalonParams = z.object({ org: z.string().max(100), salon: z.string().uuid() })
export const ZItemParams = ZSalonParams.extend({ id: z.string().uuid() })
export const base = '/organisations/:org/salons/:salon/questionnaires'
export const tags = ['questionnaires']
