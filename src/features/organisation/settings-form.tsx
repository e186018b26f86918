import { ExternalLink, Info } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Organisation, ZOrganisationFields } from '../../../contract/organisations'
import { RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'
import { API, ApiError, call } from '../../api/client'
import {
  Button,
  FormError,
  messageRef,
  notify,
  TextField,
  translateValidation,
  UnsavedChangesGuard,
  useApiErrorMessage,
  useFieldErrors,
  zodFieldErrors,
} from '../../ui'
import { OrganisationFields } from './organisation-fields'

const FIELDS = [
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
type Field = (typeof FIELDS)[number]
type Form = Record<Field, string>

const formOf = (o: Organisation): Form => Object.fromEntries(FIELDS.map((k) => [k, o[k] ?? ''])) as Form

type Props = {
  organisation: Organisation
  token: string
  /** Offline (or the server's values could not be loaded): everything shows, nothing can be changed. */
  disabled: boolean
  onSaved: (o: Organisation) => void
}

/** The organisation's fields (spec §3) with the spec's messages at the fields (§5). */
export function SettingsForm({ organisation, token, disabled, onSaved }: Props) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const [form, setForm] = useState<Form>(() => formOf(organisation))
  // The values the form started from: a save (or a fresh load while untouched) moves it.
  const [base, setBase] = useState<Organisation>(organisation)
  const [errors, setErrors] = useFieldErrors<Partial<Record<Field, string>>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const dirty = FIELDS.some((k) => form[k] !== (base[k] ?? ''))
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  // A newer copy from the server (the kept one showed first) fills the form while nothing is typed.
  if (organisation !== base && !dirty) {
    setBase(organisation)
    setForm(formOf(organisation))
  }

  const set = (k: Field) => (e: { target: { value: string } }) => {
    const value = k === 'slug' ? e.target.value.toLowerCase().replace(/\s+/g, '-') : e.target.value
    setForm((f) => ({ ...f, [k]: value }))
    // A field's message goes as soon as it is edited; the next save checks again.
    setErrors((errs) => {
      const rest = { ...errs }
      delete rest[k]
      return rest
    })
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (disabled) return
    setFormError(null)
    const parsed = ZOrganisationFields.safeParse(form)
    const next: Partial<Record<Field, string>> = parsed.success
      ? {}
      : (zodFieldErrors(parsed.error) as Partial<Record<Field, string>>)
    const slug = form.slug.trim().toLowerCase()
    if (!next.slug && slug !== base.slug && RESERVED_SLUGS.has(slug)) next.slug = messageRef('slugReserved')
    setErrors(next)
    if (!parsed.success || Object.keys(next).length) return
    setBusy(true)
    try {
      const saved = await call(API.organisations.update, {
        params: { org: organisation.id },
        body: parsed.data,
        token,
      })
      setBase(saved)
      setForm(formOf(saved))
      onSaved(saved)
      notify({
        type: 'success',
        message:
          saved.slug !== base.slug
            ? t('organisation.settings.savedMoved', { url: `${location.host}/${saved.slug}` })
            : t('organisation.settings.saved'),
      })
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SLUG_TAKEN') setErrors({ slug: messageRef('slugReserved') })
      else if (err instanceof ApiError && err.code === 'COMPANY_NAME_TAKEN')
        setErrors({ companyName: messageRef('companyNameTaken') })
      else if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') {
        setErrors(err.fieldErrors as Partial<Record<Field, string>>)
        setFormError(errorText(err))
      } else setFormError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  const err = (k: Field) => (errors[k] ? translateValidation(t, errors[k]) : undefined)
  const field = (k: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={k} value={form[k]} onChange={set(k)} error={err(k)} disabled={disabled} {...extra} />
  )
  const slug = form.slug.trim()
  const slugMoves = slug !== base.slug && SLUG_RE.test(slug)
  const slugHint = slugMoves ? (
    <span data-testid="slug-move-notice" className="flex items-start gap-1.5 text-ink">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-dark" />
      <span>
        {t('organisation.settings.slugMoves', {
          old: `${location.host}/${base.slug}`,
          new: `${location.host}/${slug}`,
        })}
      </span>
    </span>
  ) : (
    <span className="inline-flex flex-wrap items-center gap-1">
      {t('organisation.settings.slugCurrent')}{' '}
      <a
        href={`/${base.slug}`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-primary-dark underline underline-offset-2"
      >
        {location.host}/{base.slug}
        <ExternalLink aria-hidden className="size-3.5" />
      </a>
    </span>
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8" data-testid="organisation-settings-form">
      <UnsavedChangesGuard when={() => dirtyRef.current} />
      <OrganisationFields
        field={field}
        invoiceLanguage={{
          value: form.invoiceLanguage,
          onChange: set('invoiceLanguage'),
          error: err('invoiceLanguage'),
          disabled,
        }}
        slugHint={slugHint}
        slugWide
      />
      {formError && <FormError text={formError} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={!dirty || busy || disabled}
          onClick={() => {
            setForm(formOf(base))
            setErrors({})
            setFormError(null)
          }}
        >
          {t('organisation.settings.undo')}
        </Button>
        <Button type="submit" loading={busy} disabled={disabled || !dirty}>
          {t('organisation.settings.save')}
        </Button>
      </div>
    </form>
  )
}
