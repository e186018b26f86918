import { useEffect } from 'react'
import { useSession } from '../auth/session'
import { usePublicOrganisation } from '../customer-area/use-public-organisation'
import { useOrganisationBranding } from './branding'

export type SalonBrand = { name: string; logoUrl: string | null }

/**
 * The salon's name and logo on the customer's screens at `/{slug}/...`: the public lookup before
 * sign-in; once a customer of this organisation is signed in, their customer-settings (kept for
 * offline use). Remembered per web address so an offline reload still shows it.
 */
export function useCustomerBrand(slug: string): SalonBrand {
  const org = usePublicOrganisation(slug)
  const session = useSession('customer')
  const found = org.status === 'found' ? org.organisation : null
  const mine = session && (!found || session.customer.organisationId === found.id) ? session : null
  const settings = useOrganisationBranding(mine?.customer.organisationId, 'customer')
  const key = `fill-org:${slug}`
  const logoKey = `fill-org-logo:${slug}`
  const name = settings?.companyName ?? found?.companyName ?? localStorage.getItem(key) ?? ''
  const logoUrl = settings ? settings.logoUrl : found ? found.logoUrl : localStorage.getItem(logoKey)
  useEffect(() => {
    if (name) localStorage.setItem(key, name)
    if (logoUrl) localStorage.setItem(logoKey, logoUrl)
    else if (settings || found) localStorage.removeItem(logoKey)
  }, [name, logoUrl, key, logoKey, settings, found])
  return { name, logoUrl: logoUrl ?? null }
}
