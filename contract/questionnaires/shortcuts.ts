import { z } from 'zod'

/** A short link code for (organisation, questionnaire, customer). */
export const ZShortcutQuery = z.object({ code: z.string().trim().min(4).max(32) })
export const ZShortcut = z.object({
  organisationId: z.string().uuid(),
  slug: z.string(),
  /** The salon's name, for the link's own screens (remembered to explain a later failure). */
  organisationName: z.string(),
  questionnaireId: z.string().uuid(),
  email: z.string(),
})
export type Shortcut = z.infer<typeof ZShortcut>
export const ZCreateShortcut = z.object({ customerId: z.string().uuid() })
export const ZShortcutLink = z.object({ code: z.string(), url: z.string() })
