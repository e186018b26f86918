import { Link, useNavigate } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZCreateOrganisation } from '../../../contract/organisations'
import { confirmationError, RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'
import { API, ApiError, call } from '../../api/client'
import { i18n } from '../../i18n'
import {
  Button,
  fieldIssueMessage,
  messageRef,
  TextField,
  translateValidation,
  useApiErrorMessage,
  zodFieldErrors,
  FormError,
  useFieldErrors,
} from '../../ui'
import { AuthLayout } from '../auth/auth-layout'
import { keepPasswordForKiosk, startEmployeeSession } from '../auth/employee-auth'
import { suggestSlug } from './slug'
import { OrganisationFields, Section } from './organisation-fields'
import { useAvailability } from './use-availability'

const EMPTY = {
  legalName: '',
  companyName: '',
  slug: '',
  vatNumber: '',
  invoiceLanguage: 'nl',
  country: 'Nederland',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  contactPerson: '',
  branchName: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmation: '',
}
type Form = typeof EMPTY
/** Server/zod paths of the nested admin object → the flat form field names. */
const FIELD_OF: Record<string, keyof Form> = {
  'admin.firstName': 'firstName',
  'admin.lastName': 'lastName',
  'admin.email': 'email',
  'admin.password': 'password',
}

/** `/start`: the organisation, its first branch and its first admin in one form (spec §2, §5). */
export function CreateOrganisationPage() {
  const { t } = useTranslation()
  const [form, setForm] = useState<Form>(EMPTY)
  const [slugEdited, setSlugEdited] = useState(false)
  const [errors, setErrors] = useFieldErrors<Partial<Record<keyof Form, string>>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const availability = useAvailability(form.slug, form.companyName)
  const errorText = useApiErrorMessage()
  const navigate = useNavigate()

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    const value = e.target.value
    setForm((f) => {
      const next = { ...f, [k]: value }
      if (k === 'companyName' && !slugEdited) next.slug = suggestSlug(value)
      if (k === 'slug') next.slug = value.toLowerCase().replace(/\s+/g, '-')
      return next
    })
    if (k === 'slug') setSlugEdited(true)
    // A field's message goes as soon as it is edited; the next submit checks again.
    setErrors((errs) => {
      const rest = { ...errs }
      delete rest[k]
      if (k === 'companyName' && !slugEdited) delete rest.slug
      return rest
    })
  }

  const slugLocalError = (() => {
    const s = form.slug.trim()
    if (!s || !SLUG_RE.test(s)) return null
    return RESERVED_SLUGS.has(s) ? messageRef('slugReserved') : null
  })()

  const err = (k: keyof Form) => {
    if (errors[k]) return translateValidation(t, errors[k])
    if (k === 'slug' && (slugLocalError || availability.slug === 'taken')) return t('validation.slugTaken')
    if (k === 'companyName' && availability.companyName === 'taken') return t('validation.companyNameTaken')
    return undefined
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const body = {
      ...form,
      admin: {
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        password: form.password,
        language: i18n.language === 'en' ? 'en' : 'nl',
      },
    }
    const parsed = ZCreateOrganisation.safeParse(body)
    const next: Partial<Record<keyof Form, string>> = {}
    if (!parsed.success)
      for (const [path, msg] of Object.entries(zodFieldErrors(parsed.error)))
        next[FIELD_OF[path] ?? (path as keyof Form)] = msg
    const confirmation = confirmationError(form.password, form.confirmation)
    if (confirmation) next.confirmation = fieldIssueMessage(confirmation)
    setErrors(next)
    if (!parsed.success || Object.keys(next).length) return
    if (slugLocalError || availability.slug === 'taken' || availability.companyName === 'taken') return
    setBusy(true)
    const keepPassword = keepPasswordForKiosk(form.password)
    try {
      const res = await call(API.organisations.create, { body: parsed.data })
      await keepPassword(res.session.employee.id)
      startEmployeeSession(res.session)
      await navigate({ to: '/$slug/admin', params: { slug: res.organisation.slug } })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') setErrors({ slug: messageRef('slugReserved') })
      else if (error instanceof ApiError && error.code === 'COMPANY_NAME_TAKEN')
        setErrors({ companyName: messageRef('companyNameTaken') })
      else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        const fields: Partial<Record<keyof Form, string>> = {}
        for (const [path, msg] of Object.entries(error.fieldErrors))
          fields[FIELD_OF[path] ?? (path as keyof Form)] = msg
        setErrors(fields)
        setFormError(errorText(error))
      } else setFormError(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  const field = (k: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={k} value={form[k]} onChange={set(k)} error={err(k)} {...extra} />
  )
  const slugHint =
    availability.slug === 'available' ? (
      <span className="inline-flex items-center gap-1 text-[#33653c]">
        <Check aria-hidden className="size-4" />
        {t('organisation.slugAvailable', { url: `${location.host}/${form.slug}` })}
      </span>
    ) : availability.slug === 'checking' ? (
      t('organisation.slugChecking')
    ) : (
      t('organisation.slugHint')
    )

  return (
    <AuthLayout wide title={t('organisation.createTitle')} subtitle={t('organisation.createText')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8">
        <OrganisationFields
          field={field}
          invoiceLanguage={{
            value: form.invoiceLanguage,
            onChange: set('invoiceLanguage'),
            error: err('invoiceLanguage'),
          }}
          slugHint={slugHint}
          autoFocus
        />
        <Section title={t('organisation.sectionBranch')}>
          {field('branchName', t('organisation.branchName'), { hint: t('organisation.branchNameHint') })}
        </Section>
        <Section title={t('organisation.sectionAdmin')}>
          {field('firstName', t('organisation.firstName'), { autoComplete: 'given-name' })}
          {field('lastName', t('organisation.lastName'), { autoComplete: 'family-name' })}
          {field('email', t('common.email'), { type: 'email', autoComplete: 'email' })}
          <div className="hidden md:block" />
          {field('password', t('common.password'), {
            type: 'password',
            autoComplete: 'new-password',
            hint: t('auth.passwordRule'),
          })}
          {field('confirmation', t('auth.passwordConfirmation'), { type: 'password', autoComplete: 'new-password' })}
        </Section>
        {formError && <FormError text={formError} />}
        <div className="flex flex-col-reverse items-stretch gap-3 md:flex-row md:items-center md:justify-between">
          <p className="text-sm text-muted">
            {t('organisation.termsNotice')}{' '}
            <Link to="/terms-and-conditions" className="font-medium text-primary-dark underline underline-offset-2">
              {t('organisation.termsLink')}
            </Link>
          </p>
          <Button type="submit" size="lg" loading={busy}>
            {t('organisation.submit')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  )
}
