import { KeyRound, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type GlobalLoginStep, type GlobalSession, ZGlobalLogin, ZSecondFactorCode } from '../../../../contract/auth'
import { API, call } from '../../../api/client'
import { Button, EntityFormElement, FormError, TextField, useEntityForm } from '../../../ui'
import { AuthLayout } from '../../auth/auth-layout'
import { PasswordSignInFields } from '../../auth/password-sign-in-fields'
import { setSession } from '../../auth/session'

/**
 * Issue 23: the global admin's sign-in, password then second factor. The password answers a step
 * and its short-lived token (kept in this screen only, never stored): the code, or the set-up of
 * the second factor (QR code and secret, confirmed by the first code, then the recovery codes,
 * shown this once). Only then is the session stored and the platform area opens.
 */
export function GlobalSignIn() {
  const [step, setStep] = useState<Step | null>(null)
  const [done, setDone] = useState<{ session: GlobalSession; recoveryCodes: string[] } | null>(null)
  if (done) return <RecoveryCodes codes={done.recoveryCodes} onDone={() => setSession('globalAdmin', done.session)} />
  if (step?.step === 'code') return <CodeStep token={step.token} />
  if (step?.step === 'setup') return <SetupStep token={step.token} setup={step.setup} onDone={setDone} />
  return <PasswordStep onStep={setStep} />
}

type Setup = { secret: string; uri: string; qrCode: string }
type Step = GlobalLoginStep & { setup?: Setup }

function PasswordStep({ onStep }: { onStep: (step: Step) => void }) {
  const { t } = useTranslation()
  const form = useEntityForm({
    schema: ZGlobalLogin,
    initial: { email: '', password: '' },
    submit: async (data) => {
      const step = await call(API.auth.globalLogin, { body: data })
      // A first sign-in goes on to the set-up at once: its QR code is asked for here, with the step.
      const setup =
        step.step === 'setup' ? await call(API.auth.globalSecondFactorSetup, { token: step.token }) : undefined
      onStep({ ...step, setup })
    },
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

/** The code field of every step: 6 digits from the app, or a recovery code. */
function CodeField({ form, recovery }: { form: ReturnType<typeof useCodeForm>; recovery?: boolean }) {
  const { t } = useTranslation()
  return (
    <TextField
      label={recovery ? t('global-admin.secondFactor.codeOrRecovery') : t('global-admin.secondFactor.code')}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      autoFocus
      {...form.field('code')}
    />
  )
}

function useCodeForm(submit: (code: string) => Promise<void>) {
  return useEntityForm({
    schema: ZSecondFactorCode,
    initial: { code: '' },
    submit: (data) => submit(data.code),
  })
}

function CodeStep({ token }: { token: string }) {
  const { t } = useTranslation()
  const form = useCodeForm(async (code) =>
    setSession('globalAdmin', await call(API.auth.globalLoginCode, { body: { code }, token })),
  )
  return (
    <AuthLayout title={t('global-admin.secondFactor.codeTitle')} subtitle={t('global-admin.secondFactor.codeText')}>
      <EntityFormElement form={form} id="global-code-form">
        <CodeField form={form} recovery />
        <Button type="submit" size="lg" loading={form.isBusy}>
          {t('global-admin.secondFactor.verify')}
        </Button>
      </EntityFormElement>
    </AuthLayout>
  )
}

function SetupStep({
  token,
  setup,
  onDone,
}: {
  token: string
  setup: Setup | undefined
  onDone: (done: { session: GlobalSession; recoveryCodes: string[] }) => void
}) {
  const { t } = useTranslation()
  const form = useCodeForm(async (code) =>
    onDone(await call(API.auth.globalSecondFactorConfirm, { body: { code }, token })),
  )
  return (
    <AuthLayout title={t('global-admin.secondFactor.setupTitle')} subtitle={t('global-admin.secondFactor.setupText')}>
      {setup && (
        <div className="flex flex-col gap-5" data-testid="second-factor-setup">
          <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-ink">
            <li>{t('global-admin.secondFactor.stepInstall')}</li>
            <li>{t('global-admin.secondFactor.stepScan')}</li>
            <li>{t('global-admin.secondFactor.stepCode')}</li>
          </ol>
          <img
            src={setup.qrCode}
            alt={t('global-admin.secondFactor.qrAlt')}
            className="mx-auto size-60 rounded-xl border border-line bg-white p-2"
          />
          <div className="flex flex-col gap-1">
            <p className="text-sm text-muted">{t('global-admin.secondFactor.secretLabel')}</p>
            <code
              className="rounded-lg bg-primary-lighter px-3 py-2 font-mono text-sm break-all text-ink"
              data-testid="second-factor-secret"
            >
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </div>
          <EntityFormElement form={form} id="global-setup-form">
            <CodeField form={form} />
            <Button type="submit" size="lg" loading={form.isBusy}>
              {t('global-admin.secondFactor.confirm')}
            </Button>
          </EntityFormElement>
        </div>
      )}
    </AuthLayout>
  )
}

/** Shown once: only their hashes are kept, so this is the admin's only chance to store them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <AuthLayout
      title={t('global-admin.secondFactor.recoveryTitle')}
      subtitle={t('global-admin.secondFactor.recoveryText')}
    >
      <div className="flex flex-col gap-5">
        <ul
          className="grid grid-cols-2 gap-2 rounded-xl bg-primary-lighter p-4 font-mono text-sm text-ink"
          data-testid="recovery-codes"
          aria-label={t('global-admin.secondFactor.recoveryTitle')}
        >
          {codes.map((c) => (
            <li key={c} className="flex items-center gap-2">
              <KeyRound aria-hidden className="size-4 shrink-0 text-primary-dark" />
              {c}
            </li>
          ))}
        </ul>
        <p className="flex items-start gap-2 text-sm text-muted">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('global-admin.secondFactor.recoveryOnce')}
        </p>
        <Button size="lg" onClick={onDone}>
          {t('global-admin.secondFactor.recoveryDone')}
        </Button>
      </div>
    </AuthLayout>
  )
}
