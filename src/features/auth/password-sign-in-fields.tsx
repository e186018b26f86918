import { useTranslation } from 'react-i18next'
import { TextField } from '../../ui/fields'

type Props = {
  email: string
  password: string
  onEmail: (v: string) => void
  onPassword: (v: string) => void
  fieldError: (key: 'email' | 'password') => string | undefined
}

/** The e-mail + password pair of every password sign-in (staff and global admin). */
export function PasswordSignInFields({ email, password, onEmail, onPassword, fieldError }: Props) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={t('common.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        error={fieldError('email')}
        autoFocus
      />
      <TextField
        label={t('common.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={fieldError('password')}
      />
    </>
  )
}
