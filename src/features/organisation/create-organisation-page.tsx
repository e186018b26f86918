import { Link, useNavigate } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ZCreateOrganisation } from '../../../contract/organisations'
import { confirmationError, RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'
import { API, call } from '../../api/client'
import { i18n } from '../../i18n'
import {
  Button,
  EntityFormElement,
  FormError,
  fieldIssueMessage,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../ui'
import { AuthLayout } from '../auth/auth-layout'
import { keepPasswordForKiosk, startEmployeeSession } from '../auth/employee-auth'
import { suggestSlug } from './slug'
import { organisationRefusal } from './organisation-refusal'
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

/** A reserved web address, known without asking the server. */
function slugLocalErrorOf(slug: string): boolean {
  const s = slug.trim()
  return !!s && SLUG_RE.test(s) && RESERVED_SLUGS.has(s)
}

/** `/start`: the organisation, its first branch and its first admin in one form (spec §2, §5). */
export function CreateOrganisationPage() {
  const { t } = useTranslation()
  const [slugEdited, setSlugEdited] = useState(false)
  const errorText = useApiErrorMessage()
  const navigate = useNavigate()
  const engine = useEntityForm({
    schema: ZCreateOrganisation,
    initial: EMPTY,
    fieldOf: (path) => FIELD_OF[path] ?? path,
    toInput: (f: Form) => ({
      ...f,
      admin: {
        firstName: f.firstName,
        lastName: f.lastName,
        email: f.email,
        password: f.password,
        language: i18n.language === 'en' ? 'en' : 'nl',
      },
    }),
    check: (f) => {
      const out: Record<string, string> = {}
      const confirmation = confirmationError(f.password, f.confirmation)
      if (confirmation) out.confirmation = fieldIssueMessage(confirmation)
      // A name or web address already taken (checked while typing) is not sent.
      if (slugLocalErrorOf(f.slug) || availability.slug === 'taken') out.slug = t('validation.slugTaken')
      if (availability.companyName === 'taken') out.companyName = t('validation.companyNameTaken')
      return out
    },
    submit: async (data, f) => {
      const keepPassword = keepPasswordForKiosk(f.password)
      try {
        const res = await call(API.organisations.create, { body: data })
        await keepPassword(res.session.employee.id)
        startEmployeeSession(res.session)
        await navigate({ to: '/$slug/admin', params: { slug: res.organisation.slug } })
      } catch (error) {
        throw organisationRefusal(error, (e) => engine.setFormError(errorText(e)))
      }
    },
  })
  const form = engine.values
  const availability = useAvailability(form.slug, form.companyName)

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    const value = e.target.value
    if (k === 'slug') {
      engine.set('slug', value.toLowerCase().replace(/\s+/g, '-'))
      setSlugEdited(true)
      return
    }
    engine.set(k, value)
    if (k === 'companyName' && !slugEdited) engine.set('slug', suggestSlug(value))
  }

  const err = (k: keyof Form) => {
    const own = engine.error(k)
    if (own) return own
    if (k === 'slug' && (slugLocalErrorOf(form.slug) || availability.slug === 'taken')) return t('validation.slugTaken')
    if (k === 'companyName' && availability.companyName === 'taken') return t('validation.companyNameTaken')
    return undefined
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
      <EntityFormElement
        form={engine}
        id="create-organisation-form"
        className="flex flex-col gap-8"
        showFormError={false}
      >
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
        {engine.formError && <FormError text={engine.formError} />}
        <div className="flex flex-col-reverse items-stretch gap-3 md:flex-row md:items-center md:justify-between">
          <p className="text-sm text-muted">
            {t('organisation.termsNotice')}{' '}
            <Link to="/terms-and-conditions" className="font-medium text-primary-dark underline underline-offset-2">
              {t('organisation.termsLink')}
            </Link>
          </p>
          <Button type="submit" size="lg" loading={engine.isBusy}>
            {t('organisation.submit')}
          </Button>
        </div>
      </EntityFormElement>
    </AuthLayout>
  )
}
