import { useNavigate } from '@tanstack/react-router'
import { BadgeCheck, SearchX, WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  CERTIFICATE_CODE_LENGTH,
  type CertificateVerification,
  formatCertificateCode,
  inLanguage,
  normaliseCertificateCode,
  ZCertificateCodeInput,
} from '../../../contract/trainings'
import { API } from '../../api/client'
import { onlineState, useApiQuery } from '../../api/query'
import { Button, EntityFormElement, FormError, Skeleton, TextField, useApiErrorMessage, useEntityForm } from '../../ui'
import { useOnline } from '../app/use-online'
import { AuthLayout } from '../auth/auth-layout'
import { certificateDate } from './certificate-date'

/**
 * `/certificates` and `/certificates/{code}` (issue 24; public, no sign-in): anyone holding a
 * certificate checks it — a small form for the code, and the answer: who completed which training
 * at which organisation, and when. Nothing more is known here (the verify call answers only that).
 * Online only, and it says so.
 */
export function VerifyCertificatePage({ code }: { code?: string }) {
  const { t } = useTranslation()
  return (
    <AuthLayout title={t('certificates.title')} subtitle={t('certificates.text')}>
      <div className="flex flex-col gap-6">
        {code && <Verification code={code} />}
        <CodeForm initial={code ? shownCode(code) : ''} />
      </div>
    </AuthLayout>
  )
}

/** The code from the address as printed (ABCDE-FGHJK) when it has the printed length; else as it came. */
const shownCode = (code: string) => {
  const normal = normaliseCertificateCode(code)
  return normal.length === CERTIFICATE_CODE_LENGTH ? formatCertificateCode(normal) : code
}

function CodeForm({ initial }: { initial: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useEntityForm({
    schema: ZCertificateCodeInput,
    initial: { code: initial },
    resetKey: initial,
    guard: false,
    submit: async ({ code }) => {
      await navigate({ to: '/certificates/$code', params: { code: normaliseCertificateCode(code) } })
    },
  })
  return (
    <EntityFormElement form={form} id="certificate-code-form" className="flex flex-col gap-4">
      <TextField
        label={t('certificates.code')}
        hint={t('certificates.codeHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.field('code')}
      />
      <Button type="submit" size="lg" loading={form.isBusy}>
        {t('certificates.check')}
      </Button>
    </EntityFormElement>
  )
}

function Verification({ code }: { code: string }) {
  const { t } = useTranslation()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const q = useApiQuery(API.certificates.verify, { params: { code } }, { retry: false })
  const state = onlineState(q, online)
  if (state.status === 'offline')
    return (
      <p className="flex items-start gap-2 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink" role="status">
        <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('certificates.offline')}
      </p>
    )
  if (state.status === 'loading') return <Skeleton className="h-40 w-full" aria-label={t('certificates.checking')} />
  if (state.status === 'error') {
    const notFound = (state.error as { code?: string }).code === 'TRAINING_CERTIFICATE_NOT_FOUND'
    return (
      <div className="flex flex-col gap-3" data-testid="certificate-not-found" role="alert">
        {notFound ? (
          <>
            <p className="flex items-center gap-2 font-medium text-ink">
              <SearchX aria-hidden className="size-5 text-[#8f302b]" /> {t('certificates.notFoundTitle')}
            </p>
            <p className="text-sm text-muted">{t('certificates.notFoundText')}</p>
          </>
        ) : (
          <>
            <FormError text={errorText(state.error)} />
            <Button variant="secondary" onClick={() => void q.refetch()}>
              {t('certificates.retry')}
            </Button>
          </>
        )}
      </div>
    )
  }
  return <Valid certificate={state.data} />
}

function Valid({ certificate }: { certificate: CertificateVerification }) {
  const { t, i18n } = useTranslation()
  const rows: [string, string][] = [
    [t('certificates.employee'), certificate.employeeName],
    [t('certificates.course'), inLanguage(certificate.courseTitle, certificate.courseTitleEn, i18n.language)],
    [t('certificates.organisation'), certificate.organisationName],
    [t('certificates.issuedAt'), certificateDate(certificate.issuedAt, i18n.language)],
  ]
  return (
    <section className="rounded-xl border border-[#c5dcc9] bg-[#e8f2ea] px-4 py-4" data-testid="certificate-valid">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <BadgeCheck aria-hidden className="size-5 text-[#33653c]" /> {t('certificates.validTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('certificates.validText')}</p>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
