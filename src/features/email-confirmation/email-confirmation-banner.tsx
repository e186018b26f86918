import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { API } from '../../../contract/endpoints'
import { ZConfirmOwnerEmail } from '../../../contract/organisations'
import { apiCall } from '../../api/transport'
import { Button } from '../../ui/button'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { FormError } from '../../ui/form-error'
import { notify } from '../../ui/notifications'
import { TextField } from '../../ui/fields'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { getSession, setSession, useEmployeeSession } from '../auth/session'

/**
 * Issue 21 #16: a plain notice at the top of every staff screen for the owner of an organisation
 * whose address is not confirmed yet: what waits for it, the code field and "send a new code".
 * Everything else works meanwhile. Confirming online updates the stored session, so the banner
 * goes and the send actions come alive at once. Shown through `EmailConfirmation`
 * (./email-confirmation.tsx), which decides whether it is due.
 */
export function EmailConfirmationBanner() {
  const { t } = useTranslation()
  const session = useEmployeeSession()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [resent, setResent] = useState(false)
  const [resending, setResending] = useState(false)
  const employee = session?.employee
  const org = employee?.organisationId ?? ''
  const form = useEntityForm({
    schema: ZConfirmOwnerEmail,
    initial: { code: '' },
    guard: false,
    submit: async (body) => {
      const me = await apiCall(API.organisations.confirmEmail, { params: { org }, body })
      const current = getSession('employee')
      if (current) setSession('employee', { ...current, employee: { ...current.employee, ...me } })
      notify({ type: 'success', message: t('email-confirmation.confirmed') })
    },
  })

  if (!employee) return null

  const resend = async () => {
    setResending(true)
    try {
      await apiCall(API.organisations.resendEmailConfirmation, { params: { org } })
      // The refusal of an earlier code is past: what matters now is that a new one is coming.
      form.setFormError(null)
      setResent(true)
    } catch (err) {
      notify({ type: 'error', message: errorText(err) })
    } finally {
      setResending(false)
    }
  }

  return (
    <section
      aria-labelledby="email-confirmation-title"
      data-testid="email-confirmation-banner"
      className="mb-6 rounded-2xl border border-line bg-white p-4 md:p-5"
    >
      <h2 id="email-confirmation-title" className="text-base font-semibold text-ink">
        {t('email-confirmation.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t('email-confirmation.text', { email: employee.email, name: employee.organisationName })}
      </p>
      <EntityFormElement
        form={form}
        id="email-confirmation-form"
        className="mt-3 flex flex-wrap items-start gap-3"
        showFormError={false}
      >
        <TextField
          label={t('email-confirmation.code')}
          {...form.field('code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          className="w-44"
        />
        <div className="flex flex-wrap gap-2 sm:pt-6">
          <Button type="submit" loading={form.isBusy} disabled={!online}>
            {t('email-confirmation.confirm')}
          </Button>
          <Button variant="secondary" loading={resending} disabled={!online} onClick={() => void resend()}>
            {t('email-confirmation.resend')}
          </Button>
        </div>
      </EntityFormElement>
      <div aria-live="polite" className="mt-2 text-sm">
        {form.formError && <FormError text={form.formError} />}
        {resent && !form.formError && (
          <p className="text-muted">{t('email-confirmation.resent', { email: employee.email })}</p>
        )}
        {!online && <p className="text-muted">{t('email-confirmation.offline')}</p>}
      </div>
    </section>
  )
}
