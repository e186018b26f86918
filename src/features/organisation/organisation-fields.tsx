import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Organisation, ZOrganisationFields } from '../../../contract/organisations'
import { SelectField } from '../../ui'

/** A titled group of a form, two columns from tablet width on. */
/** The organisation's editable details, as the settings screen and the global admin's drawer edit them. */
export const ORGANISATION_FORM_FIELDS = [
  'legalName',
  'companyName',
  'slug',
  'vatNumber',
  'invoiceLanguage',
  'contactPerson',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'country',
] as const
export type OrganisationForm = Record<(typeof ORGANISATION_FORM_FIELDS)[number], string>

/** A stored organisation as the form starts from it (empty strings for what is not set). */
export const organisationForm = (o: Organisation): OrganisationForm =>
  Object.fromEntries(ORGANISATION_FORM_FIELDS.map((k) => [k, o[k] ?? ''])) as OrganisationForm

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <fieldset className="flex flex-col gap-4" id={id}>
      <legend className="mb-4 w-full border-b border-line pb-2 text-xs font-semibold tracking-[0.12em] text-muted uppercase">
        {title}
      </legend>
      <div className="grid grid-cols-1 gap-x-5 gap-y-4 md:grid-cols-2">{children}</div>
    </fieldset>
  )
}

type OrgField = Exclude<keyof typeof ZOrganisationFields.shape, 'invoiceLanguage'>

type Props = {
  /** The form's own text field for `k` (value, change, message, disabled). */
  field: (k: OrgField, label: string, extra?: Record<string, unknown>) => ReactNode
  invoiceLanguage: {
    value: string
    onChange: (e: { target: { value: string } }) => void
    error?: string
    disabled?: boolean
  }
  slugHint: ReactNode
  /** The settings screen gives the web address a whole row (its move notice is long). */
  slugWide?: boolean
  autoFocus?: boolean
}

/**
 * The organisation's details and address, as the spec lists them, in one order with one set of
 * labels and autocomplete hints: creating an organisation and its settings screen show the same.
 */
export function OrganisationFields({ field, invoiceLanguage, slugHint, slugWide, autoFocus }: Props) {
  const { t } = useTranslation()
  const slug = field('slug', t('organisation.slug'), { hint: slugHint, autoCapitalize: 'none', spellCheck: false })
  return (
    <>
      <Section title={t('organisation.sectionOrganisation')}>
        {field('legalName', t('organisation.legalName'), { autoComplete: 'organization', autoFocus })}
        {field('companyName', t('organisation.companyName'), { hint: t('organisation.companyNameHint') })}
        {slugWide ? <div className="md:col-span-2">{slug}</div> : slug}
        {field('vatNumber', t('organisation.vatNumber'))}
        <SelectField
          label={t('organisation.invoiceLanguage')}
          name="invoiceLanguage"
          {...invoiceLanguage}
          options={[
            { value: 'nl', label: t('common.languages.nl') },
            { value: 'en', label: t('common.languages.en') },
          ]}
        />
        {field('contactPerson', t('organisation.contactPerson'), { autoComplete: 'name' })}
      </Section>
      <Section title={t('organisation.sectionAddress')}>
        {field('addressLine1', t('organisation.addressLine1'), { autoComplete: 'address-line1' })}
        {field('addressLine2', t('organisation.addressLine2'), { autoComplete: 'address-line2' })}
        {field('postalCode', t('organisation.postalCode'), { autoComplete: 'postal-code' })}
        {field('city', t('organisation.city'), { autoComplete: 'address-level2' })}
        {field('country', t('organisation.country'), { autoComplete: 'country-name' })}
      </Section>
    </>
  )
}
