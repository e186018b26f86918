import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZNewPassword } from '../../../contract/validation'
import { Button, FormError, TextField, useFormSubmit } from '../../ui'
import { AuthLayout } from './auth-layout'
import { resetPassword } from './employee-auth'

/** `/admin/reset-password?token=`: set a new password from the mailed link (single use). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [done, setDone] = useState(false)
  const { submit, busy, formError, fieldError } = useFormSubmit()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    return submit(ZNewPassword, { password, confirmation }, async (data) => {
      await resetPassword({ token, password: data.password })
      setDone(true)
    })
  }

  if (done)
    return (
      <AuthLayout title={t('auth.resetDoneTitle')} subtitle={t('auth.resetDoneText')}>
        <Link
          to="/admin"
          className="inline-flex min-h-14 w-full items-center justify-center rounded-lg bg-primary-dark px-6 font-medium text-white"
        >
          {t('auth.signIn')}
        </Link>
      </AuthLayout>
    )

  return (
    <AuthLayout title={t('auth.resetTitle')} subtitle={t('auth.resetText')}>
      {!token ? (
        <FormError text={t('errors.INVALID_RESET_TOKEN')} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError('password')}
            hint={t('auth.passwordRule')}
            autoFocus
          />
          <TextField
            label={t('auth.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={fieldError('confirmation')}
          />
          {formError && <FormError text={formError} />}
          <Button type="submit" size="lg" loading={busy}>
            {t('auth.setPassword')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
