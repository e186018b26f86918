import { RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'

/** "Salon Lumière & Co" → "salon-lumiere-co": a web address suggestion from the company name. */
export function suggestSlug(companyName: string): string {
  return companyName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
}

/** Whether asking the server makes sense: format valid and not one of the app's own paths. */
export const isCheckableSlug = (slug: string) => SLUG_RE.test(slug) && !RESERVED_SLUGS.has(slug)
