import { useTranslation } from 'react-i18next'
import { ZGlobalLogin } from '../../../contract/auth'
import { API, call } from '../../api/client'
import { Button, EntityFormElement, FormError, useEntityForm } from '../../ui'
import { AuthLayout } from '../auth/auth-layout'
import { PasswordSignInFields } from '../auth/password-sign-in-fields'
import { setSession } from '../auth/session'

/** The global administrators' own sign-in (`POST /global/authentication/login`). */
export function GlobalSignIn() {
  const { t } = useTranslation()
  const form = useEntityForm({
    schema: ZGlobalLogin,
    initial: { email: '', password: '' },
    submit: async (data) => setSession('globalAdmin', await call(API.auth.globalLogin, { body: data })),
  })
  return (
    <AuthLayout title={t('global-admin.signInTitle')} subtitle={t('global-admin.signInText')}>
      <EntityFormElement form={form} id="global-sign-in-form" showFormError={false}>
        <PasswordSignInFields
          email={form.values.email}
          password={form.values.password}
          onEmail={(v) => form.set('email', v)}
          onPassword={(v) => form.set('password', v)}
          fieldError={form.error}
        />
        {form.formError && <FormError text={form.formError} />}
        <Button type="submit" size="lg" loading={form.isBusy}>
          {t('auth.signIn')}
        </Button>
      </EntityFormElement>
    </AuthLayout>
  )
}
