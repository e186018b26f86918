import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MSG, zPassword } from '../../../contract/validation'
import { Button, TextField, translateValidation, useApiErrorMessage, FormError } from '../../ui'
import { AuthLayout } from './auth-layout'
import { resetPassword } from './employee-auth'

/** `/admin/reset-password?token=`: set a new password from the mailed link (single use). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const errorText = useApiErrorMessage()

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const next: typeof errors = {}
    const parsed = zPassword.safeParse(password)
    if (!parsed.success) next.password = MSG.password
    if (!confirmation) next.confirmation = MSG.passwordConfirmation
    else if (confirmation !== password) next.confirmation = MSG.passwordsMismatch
    setErrors(next)
    if (next.password || next.confirmation) return
    setBusy(true)
    try {
      await resetPassword({ token, password })
      setDone(true)
    } catch (err) {
      setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
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
            error={errors.password && translateValidation(t, errors.password)}
            hint={t('auth.passwordRule')}
            autoFocus
          />
          <TextField
            label={t('auth.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={errors.confirmation && translateValidation(t, errors.confirmation)}
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
