import { Link, Navigate, Outlet, useParams } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { CustomerFacingProvider } from '../../ui'
import { useSession } from '../auth/session'
import { useCustomerBrand } from '../organisation/use-customer-brand'
import { type CustomerSync, useCustomerReplica } from '../questionnaire-fill/customer-replica'

/** The salon's name (see useCustomerBrand: remembered per web address, so an offline reload still shows it). */
export function useSalonName(slug: string) {
  return useCustomerBrand(slug).name
}

const CustomerPageContext = createContext<CustomerSync | null>(null)

/** The signed-in customer's local database (and its sync), inside `CustomerPageFrame`. */
export function useCustomerPageSync(): CustomerSync {
  const sync = useContext(CustomerPageContext)
  if (!sync) throw new Error('useCustomerPageSync outside CustomerPageFrame')
  return sync
}

/**
 * The layout of a signed-in customer's pages below their landing page (`/{slug}/advice`,
 * `/{slug}/documents`, `/{slug}/submission/{id}`; src/routes/customer-pages.tsx): the link back
 * to the landing page and the salon's name above the page, one local database and sync worker
 * for them all. Without a customer session: back to `/{slug}` (sign-in).
 */
export function CustomerPageFrame() {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  const session = useSession('customer')
  const salonName = useSalonName(slug)
  const sync = useCustomerReplica(session)
  if (!session || !sync) return <Navigate to="/$slug" params={{ slug }} replace />
  return (
    <div className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8">
      <Link
        to="/$slug"
        params={{ slug }}
        className="-ml-2 flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-base text-primary-dark hover:bg-primary-light"
      >
        <ArrowLeft aria-hidden className="size-5" />
        {t('questionnaire-fill.backToDashboard')}
      </Link>
      <p className="text-base text-muted">{salonName}</p>
      <CustomerPageContext.Provider value={sync}>
        <CustomerFacingProvider value>
          <Outlet />
        </CustomerFacingProvider>
      </CustomerPageContext.Provider>
    </div>
  )
}
