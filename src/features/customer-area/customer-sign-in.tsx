import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZCustomerLoginRequest, ZCustomerLoginVerify } from '../../../contract/auth'
import { LOGIN_CODE_LENGTH } from '../../../contract/validation'
import { API, call } from '../../api/client'
import { i18n } from '../../i18n'
import { Button, FormError, TextField, useFormSubmit } from '../../ui'
import { setSession } from '../auth/session'
import { currentLanguage } from './customer-language'

/** Two steps: e-mail → a 6-character code from the mail (spec §5). */
export function CustomerSignIn({ organisationId, initialEmail }: { organisationId: string; initialEmail?: string }) {
  const { t } = useTranslation()
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [email, setEmail] = useState(initialEmail ?? '')
  const [code, setCode] = useState('')
  const { submit, busy, formError, fieldError } = useFormSubmit()
  const params = { org: organisationId }

  const onEmail = (e: FormEvent) => {
    e.preventDefault()
    return submit(ZCustomerLoginRequest, { email, language: currentLanguage(i18n.language) }, async (data) => {
      await call(API.auth.customerLoginRequest, { params, body: data })
      setCode('')
      setStep('code')
    })
  }

  const onCode = (e: FormEvent) => {
    e.preventDefault()
    // The language on screen becomes the customer's when they have none yet (mails follow it).
    return submit(ZCustomerLoginVerify, { email, code, language: currentLanguage(i18n.language) }, async (data) => {
      setSession('customer', await call(API.auth.customerLoginVerify, { params, body: data }))
    })
  }

  const codeError = fieldError('code') ?? formError
  if (step === 'code')
    return (
      <form noValidate onSubmit={onCode} className="flex flex-col gap-5">
        <p className="text-sm text-muted">{t('customer-area.codeSent', { email })}</p>
        <label className="flex flex-col gap-2">
          <span className="text-sm font-medium text-ink">{t('customer-area.code')}</span>
          <input
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase().replace(/\s/g, '').slice(0, LOGIN_CODE_LENGTH))}
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            maxLength={LOGIN_CODE_LENGTH}
            aria-invalid={codeError ? true : undefined}
            className="h-20 w-full rounded-xl border border-line bg-white pl-[0.5em] text-center font-mono text-4xl tracking-[0.5em] text-ink uppercase focus:border-primary-dark focus:ring-2 focus:ring-primary/50 focus:outline-none"
          />
        </label>
        {codeError && <FormError text={codeError} />}
        <Button type="submit" size="lg" loading={busy} disabled={code.length !== LOGIN_CODE_LENGTH}>
          {t('customer-area.verify')}
        </Button>
        <Button variant="ghost" onClick={() => setStep('email')}>
          {t('customer-area.otherEmail')}
        </Button>
      </form>
    )

  return (
    <form noValidate onSubmit={onEmail} className="flex flex-col gap-5">
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
        {t('customer-area.sendCode')}
      </Button>
    </form>
  )
}
