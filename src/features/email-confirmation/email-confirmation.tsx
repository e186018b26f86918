import { lazyNamed } from '../../routes/lazy'
import { OptionalPart } from '../app/optional-part'
import { useEmployeeSession } from '../auth/session'
import { useCan } from '../auth/use-can'

/**
 * Issue 21 #16's banner, for the owner of an organisation whose address is not confirmed yet.
 * Issue 25: it is rare and carries a form, so its code (form engine, endpoints) loads only when
 * it is due, not with every staff screen; confirming updates the session and it goes. Should its
 * chunk not arrive, the screen stays without it (OptionalPart).
 */
const EmailConfirmationBanner = lazyNamed(() => import('./email-confirmation-banner'), 'EmailConfirmationBanner')

export function EmailConfirmation() {
  const session = useEmployeeSession()
  const mayConfirm = useCan('organisation.manage')
  if (session?.employee.emailConfirmed !== false || !mayConfirm) return null
  return (
    <OptionalPart>
      <EmailConfirmationBanner />
    </OptionalPart>
  )
}
