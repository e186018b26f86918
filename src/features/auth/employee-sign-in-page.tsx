import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZEmployeeLogin, ZRequestPasswordReset } from '../../../contract/auth'
import { Button, FormError, TextField, useFormSubmit } from '../../ui'
import { PasswordSignInFields } from './password-sign-in-fields'
import { AuthLayout } from './auth-layout'
import { requestPasswordReset, signInEmployee } from './employee-auth'

type Props = { slug?: string; organisationName?: string; stayOnPage?: boolean; notice?: string }

/** Staff sign-in (`/admin`, `/{slug}/admin`) with the "forgot password" request in place. */
export function EmployeeSignInPage({ slug, organisationName, stayOnPage, notice }: Props) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'signIn' | 'forgot' | 'sent'>('signIn')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { submit, busy, formError, fieldError } = useFormSubmit()
  const navigate = useNavigate()

  const onSignIn = (e: FormEvent) => {
    e.preventDefault()
    return submit(ZEmployeeLogin, { email, password }, async (data) => {
      const session = await signInEmployee({ slug, ...data })
      // On a staff URL the shell appears by itself once the session exists.
      if (!stayOnPage) await navigate({ to: '/$slug/admin', params: { slug: session.employee.organisationSlug } })
    })
  }

  const onForgot = (e: FormEvent) => {
    e.preventDefault()
    return submit(ZRequestPasswordReset, { email }, async (data) => {
      await requestPasswordReset({ slug, email: data.email })
      setMode('sent')
    })
  }

  const brand = organisationName

  if (mode === 'sent')
    return (
      <AuthLayout brand={brand} title={t('auth.resetSentTitle')} subtitle={t('auth.resetSentText', { email })}>
        <Button variant="secondary" className="w-full" onClick={() => setMode('signIn')}>
          {t('auth.backToSignIn')}
        </Button>
      </AuthLayout>
    )

  if (mode === 'forgot')
    return (
      <AuthLayout brand={brand} title={t('auth.forgotTitle')} subtitle={t('auth.forgotText')}>
        <form noValidate onSubmit={onForgot} className="flex flex-col gap-5">
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError('email')}
            autoFocus
          />
          {formError && <FormError text={formError} />}
          <Button type="submit" size="lg" loading={busy}>
            {t('auth.sendResetLink')}
          </Button>
          <Button variant="ghost" onClick={() => setMode('signIn')}>
            {t('auth.backToSignIn')}
          </Button>
        </form>
      </AuthLayout>
    )

  return (
    <AuthLayout brand={brand} title={t('auth.staffSignInTitle')} subtitle={t('auth.staffSignInText')}>
      <form noValidate onSubmit={onSignIn} className="flex flex-col gap-5">
        {notice && <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{notice}</p>}
        <PasswordSignInFields
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
          fieldError={fieldError}
        />
        {formError && <FormError text={formError} />}
        <Button type="submit" size="lg" loading={busy}>
          {t('auth.signIn')}
        </Button>
        <Button variant="ghost" onClick={() => setMode('forgot')}>
          {t('auth.forgotPassword')}
        </Button>
      </form>
    </AuthLayout>
  )
}
