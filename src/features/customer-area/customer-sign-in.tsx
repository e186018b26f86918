import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZCustomerLoginRequest, ZCustomerLoginVerify } from '../../../contract/auth'
import { LOGIN_CODE_LENGTH } from '../../../contract/validation'
import { API, call } from '../../api/client'
import { i18n } from '../../i18n'
import type { z } from 'zod'
import { Button, EntityFormElement, FormError, TextField, useEntityForm } from '../../ui'
import { setSession } from '../auth/session'
import { currentLanguage } from './customer-language'

/** Two steps: e-mail → a 6-character code from the mail (spec §5). */
export function CustomerSignIn({ organisationId, initialEmail }: { organisationId: string; initialEmail?: string }) {
  const { t } = useTranslation()
  const [step, setStep] = useState<'email' | 'code'>('email')
  const params = { org: organisationId }
  // One form for both steps: the code is checked for the address it was sent to.
  const form = useEntityForm({
    schema: step === 'code' ? ZCustomerLoginVerify : ZCustomerLoginRequest,
    initial: { email: initialEmail ?? '', code: '' },
    // The language on screen becomes the customer's when they have none yet (mails follow it).
    toInput: (v) =>
      step === 'code'
        ? { email: v.email, code: v.code, language: currentLanguage(i18n.language) }
        : { email: v.email, language: currentLanguage(i18n.language) },
    submit: async (data) => {
      if (step === 'code') {
        setSession(
          'customer',
          await call(API.auth.customerLoginVerify, { params, body: data as z.output<typeof ZCustomerLoginVerify> }),
        )
        return
      }
      await call(API.auth.customerLoginRequest, { params, body: data })
      form.set('code', '')
      setStep('code')
    },
  })
  const { email, code } = form.values

  const codeError = form.error('code') ?? form.formError
  if (step === 'code')
    return (
      <EntityFormElement form={form} id="customer-code-form" showFormError={false}>
        <p className="text-sm text-muted">{t('customer-area.codeSent', { email })}</p>
        <label className="flex flex-col gap-2">
          <span className="text-sm font-medium text-ink">{t('customer-area.code')}</span>
          <input
            value={code}
            onChange={(e) =>
              form.set('code', e.target.value.toUpperCase().replace(/\s/g, '').slice(0, LOGIN_CODE_LENGTH))
            }
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
        <Button type="submit" size="lg" loading={form.isBusy} disabled={code.length !== LOGIN_CODE_LENGTH}>
          {t('customer-area.verify')}
        </Button>
        <Button variant="ghost" onClick={() => setStep('email')}>
          {t('customer-area.otherEmail')}
        </Button>
      </EntityFormElement>
    )

  return (
    <EntityFormElement form={form} id="customer-email-form" showFormError={false}>
      <TextField label={t('common.email')} type="email" autoComplete="email" {...form.field('email')} autoFocus />
      {form.formError && <FormError text={form.formError} />}
      <Button type="submit" size="lg" loading={form.isBusy}>
        {t('customer-area.sendCode')}
      </Button>
    </EntityFormElement>
  )
}
