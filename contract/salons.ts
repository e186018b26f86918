import { z } from 'zod'
import { zRequired } from './validation'

export const ZSalonFields = z.object({
  name: zRequired('branchName').max(200),
})
export const ZCreateSalon = ZSalonFields
export const ZUpdateSalon = ZSalonFields.partial()
export type CreateSalon = z.infer<typeof ZCreateSalon>
export type UpdateSalon = z.infer<typeof ZUpdateSalon>

/** Spec §3 Branch (salon): name, customers count, employees count. */
export const ZSalon = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  name: z.string(),
  customersCount: z.number().int(),
  employeesCount: z.number().int(),
  version: z.number().int(),
})
export type Salon = z.infer<typeof ZSalon>
