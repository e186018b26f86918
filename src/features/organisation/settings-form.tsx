import { ExternalLink, Info } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { type Organisation, ZOrganisationFields } from '../../../contract/organisations'
import { RESERVED_SLUGS, SLUG_RE } from '../../../contract/validation'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import {
  Button,
  EntityFormElement,
  FormError,
  messageRef,
  notify,
  TextField,
  UnsavedChangesGuard,
  useApiErrorMessage,
  useEntityForm,
} from '../../ui'
import { organisationRefusal } from './organisation-refusal'
import { OrganisationFields, type OrganisationForm, organisationForm } from './organisation-fields'

type Props = {
  organisation: Organisation
  /** Offline (or the server's values could not be loaded): everything shows, nothing can be changed. */
  disabled: boolean
  onSaved: (o: Organisation) => void
}

/** The organisation's fields (spec §3) with the spec's messages at the fields (§5). */
export function SettingsForm({ organisation, disabled, onSaved }: Props) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const engine = useEntityForm({
    schema: ZOrganisationFields,
    // A newer copy from the server (the kept one showed first) fills the form while nothing is typed.
    initial: () => organisationForm(organisation),
    follow: true,
    check: (f): Record<string, string> | undefined => {
      const slug = f.slug.trim().toLowerCase()
      return slug !== base.slug && RESERVED_SLUGS.has(slug) ? { slug: messageRef('slugReserved') } : undefined
    },
    submit: async (data) => {
      if (disabled) return
      try {
        const saved = await apiCall(API.organisations.update, { params: { org: organisation.id }, body: data })
        engine.reset(organisationForm(saved))
        onSaved(saved)
        notify({
          type: 'success',
          message:
            saved.slug !== base.slug
              ? t('organisation.settings.savedMoved', { url: `${location.host}/${saved.slug}` })
              : t('organisation.settings.saved'),
        })
      } catch (err) {
        throw organisationRefusal(err, (e) => engine.setFormError(errorText(e)))
      }
    },
  })
  const form = engine.values
  // The values the form started from: a save (or a fresh load while untouched) moves it.
  const base: { slug: string } = {
    slug: (engine.rhf.formState.defaultValues?.slug as string | undefined) ?? organisation.slug,
  }
  const dirty = engine.isDirty
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty

  const set = (k: keyof OrganisationForm) => (e: { target: { value: string } }) =>
    engine.set(k, k === 'slug' ? e.target.value.toLowerCase().replace(/\s+/g, '-') : e.target.value)
  const err = engine.error
  const field = (k: keyof OrganisationForm, label: string, extra: Record<string, unknown> = {}) => (
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
    <EntityFormElement
      form={engine}
      id="organisation-settings-form"
      className="flex flex-col gap-8"
      data-testid="organisation-settings-form"
      showFormError={false}
    >
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
      {engine.formError && <FormError text={engine.formError} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={!dirty || engine.isBusy || disabled} onClick={() => engine.reset()}>
          {t('organisation.settings.undo')}
        </Button>
        <Button type="submit" loading={engine.isBusy} disabled={disabled || !dirty}>
          {t('organisation.settings.save')}
        </Button>
      </div>
    </EntityFormElement>
  )
}
