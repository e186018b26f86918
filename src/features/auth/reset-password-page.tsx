import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZNewPassword } from '../../../contract/validation'
import { ApiError } from '../../api/errors'
import { Button, EntityFormElement, FormError, TextField, useEntityForm } from '../../ui'
import { AuthLayout } from './auth-layout'
import { resetPassword } from './employee-auth'

/** The page's texts: a forgotten password, or a new employee's first one (issue 9). */
const TEXTS = {
  reset: {
    title: 'auth.resetTitle',
    text: 'auth.resetText',
    doneTitle: 'auth.resetDoneTitle',
    doneText: 'auth.resetDoneText',
  },
  invitation: {
    title: 'auth.setPasswordTitle',
    text: 'auth.setPasswordText',
    doneTitle: 'auth.setPasswordDoneTitle',
    doneText: 'auth.setPasswordDoneText',
  },
} as const

/**
 * `/admin/reset-password?token=`: set a new password from the mailed link (single use).
 * `/admin/set-password?token=` (purpose invitation): an invited employee sets their first
 * password; the same endpoint takes both tokens. Afterwards: to sign-in, with a clear message.
 */
export function ResetPasswordPage({ token, purpose = 'reset' }: { token: string; purpose?: 'reset' | 'invitation' }) {
  const { t } = useTranslation()
  const [done, setDone] = useState(false)
  // An invitation link that is used or expired: say what to do (ask for a new invitation).
  const [invitationInvalid, setInvitationInvalid] = useState(purpose === 'invitation' && !token)
  const texts = TEXTS[purpose]
  const form = useEntityForm({
    schema: ZNewPassword,
    initial: { password: '', confirmation: '' },
    submit: async (data) => {
      setInvitationInvalid(false)
      try {
        await resetPassword({ token, password: data.password })
      } catch (err) {
        if (purpose === 'invitation' && err instanceof ApiError && err.code === 'INVALID_RESET_TOKEN')
          return setInvitationInvalid(true)
        throw err
      }
      setDone(true)
    },
  })

  if (done)
    return (
      <AuthLayout title={t(texts.doneTitle)} subtitle={t(texts.doneText)}>
        <Link
          to="/admin"
          className="inline-flex min-h-14 w-full items-center justify-center rounded-lg bg-primary-dark px-6 font-medium text-white"
        >
          {t('auth.signIn')}
        </Link>
      </AuthLayout>
    )

  return (
    <AuthLayout title={t(texts.title)} subtitle={t(texts.text)}>
      {!token ? (
        <FormError text={t(purpose === 'invitation' ? 'auth.invitationInvalid' : 'errors.INVALID_RESET_TOKEN')} />
      ) : (
        <EntityFormElement form={form} id="new-password-form" showFormError={false}>
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            {...form.field('password')}
            hint={t('auth.passwordRule')}
            autoFocus
          />
          <TextField
            label={t('auth.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            {...form.field('confirmation')}
          />
          {invitationInvalid ? (
            <FormError text={t('auth.invitationInvalid')} />
          ) : (
            form.formError && <FormError text={form.formError} />
          )}
          <Button type="submit" size="lg" loading={form.isBusy}>
            {t('auth.setPassword')}
          </Button>
        </EntityFormElement>
      )}
    </AuthLayout>
  )
}
