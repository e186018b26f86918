import { z } from 'zod'

/**
 * A staff comment on a customer (spec "Customer comments"; issue 10). Written in a branch
 * (`salonId`), it follows its customer to every branch the customer belongs to. `editedAt` is set
 * once the text changed after writing (the card shows "edited"). The author's name is kept with
 * the comment, so it still reads right after the author left.
 */
export const ZCustomerComment = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  employeeId: z.string().uuid().nullable(),
  authorName: z.string(),
  text: z.string(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type CustomerComment = z.infer<typeof ZCustomerComment>
