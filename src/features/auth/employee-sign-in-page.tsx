import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZEmployeeLogin, ZRequestPasswordReset } from '../../../contract/auth'
import { Button } from '../../ui/button'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { FormError } from '../../ui/form-error'
import { TextField } from '../../ui/fields'
import { PasswordSignInFields } from './password-sign-in-fields'
import { AuthLayout } from './auth-layout'
import { requestPasswordReset, signInEmployee } from './employee-auth'

type Props = { slug?: string; organisationName?: string; stayOnPage?: boolean; notice?: string }

/** Staff sign-in (`/admin`, `/{slug}/admin`) with the "forgot password" request in place. */
export function EmployeeSignInPage({ slug, organisationName, stayOnPage, notice }: Props) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'signIn' | 'forgot' | 'sent'>('signIn')
  const navigate = useNavigate()
  // One form for both steps: the address typed to sign in is the one a reset link goes to.
  const form = useEntityForm({
    schema: mode === 'forgot' ? ZRequestPasswordReset : ZEmployeeLogin,
    initial: { email: '', password: '' },
    toInput: (v) => (mode === 'forgot' ? { email: v.email } : v),
    submit: async (data) => {
      if (mode === 'forgot') {
        await requestPasswordReset({ slug, email: data.email })
        setMode('sent')
        return
      }
      const session = await signInEmployee({ slug, ...(data as { email: string; password: string }) })
      // On a staff URL the shell appears by itself once the session exists.
      if (!stayOnPage) await navigate({ to: '/$slug/admin', params: { slug: session.employee.organisationSlug } })
    },
  })
  const { email, password } = form.values

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
        <EntityFormElement form={form} id="forgot-form" showFormError={false}>
          <TextField label={t('common.email')} type="email" autoComplete="email" {...form.field('email')} autoFocus />
          {form.formError && <FormError text={form.formError} />}
          <Button type="submit" size="lg" loading={form.isBusy}>
            {t('auth.sendResetLink')}
          </Button>
          <Button variant="ghost" onClick={() => setMode('signIn')}>
            {t('auth.backToSignIn')}
          </Button>
        </EntityFormElement>
      </AuthLayout>
    )

  return (
    <AuthLayout brand={brand} title={t('auth.staffSignInTitle')} subtitle={t('auth.staffSignInText')}>
      <EntityFormElement form={form} id="sign-in-form" showFormError={false}>
        {notice && <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{notice}</p>}
        <PasswordSignInFields
          email={email}
          password={password}
          onEmail={(v) => form.set('email', v)}
          onPassword={(v) => form.set('password', v)}
          fieldError={form.error}
        />
        {form.formError && <FormError text={form.formError} />}
        <Button type="submit" size="lg" loading={form.isBusy}>
          {t('auth.signIn')}
        </Button>
        <Button variant="ghost" onClick={() => setMode('forgot')}>
          {t('auth.forgotPassword')}
        </Button>
      </EntityFormElement>
    </AuthLayout>
  )
}
