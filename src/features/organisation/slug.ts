import { RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'

export { suggestSlug } from '../../../contract/validation'

/** Whether asking the server makes sense: format valid and not one of the app's own paths. */
export const isCheckableSlug = (slug: string) => SLUG_RE.test(slug) && !RESERVED_SLUGS.has(slug)
