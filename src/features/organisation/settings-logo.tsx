import { ImageUp, Trash2 } from 'lucide-react'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Organisation } from '../../../contract/organisations'
import { API, ApiError } from '../../api/client'
import { apiCall } from '../../api/transport'
import { Button, ConfirmDialog, FormError, messageRef, notify, translateValidation, useApiErrorMessage } from '../../ui'
import { SalonLogo } from './salon-logo'

/** The server decides by the bytes; this only spares a long upload that is sure to be refused. */
const MAX_BYTES = 5 * 1024 * 1024
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif'

type Props = { organisation: Organisation; disabled: boolean; onSaved: (o: Organisation) => void }

/** The salon's logo: shown in the navigation, on the customer's screens and in e-mails. */
export function SettingsLogo({ organisation, disabled, onSaved }: Props) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null)
  const [confirming, setConfirming] = useState(false)

  const run = async (kind: 'upload' | 'remove', action: () => Promise<Organisation>) => {
    setError(null)
    setFormError(null)
    setBusy(kind)
    try {
      const saved = await action()
      onSaved(saved)
      notify({
        type: 'success',
        message: t(kind === 'upload' ? 'organisation.settings.logoSaved' : 'organisation.settings.logoRemoved'),
      })
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.file : undefined
      if (field) setError(field)
      else setFormError(errorText(err))
    } finally {
      setBusy(null)
      setConfirming(false)
    }
  }

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file again (after fixing something) is a new choice
    if (!file) return
    if (file.size > MAX_BYTES) return setError(messageRef('upload.imageSize'))
    const body = new FormData()
    body.append('file', file)
    void run('upload', () => apiCall(API.organisations.uploadLogo, { params: { org: organisation.id }, body }))
  }

  const remove = () => run('remove', () => apiCall(API.organisations.removeLogo, { params: { org: organisation.id } }))

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="logo-settings">
      <h2
        id={`${id}-title`}
        className="w-full border-b border-line pb-2 text-xs font-semibold tracking-[0.12em] text-muted uppercase"
      >
        {t('organisation.settings.logo')}
      </h2>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex h-28 w-full shrink-0 items-center justify-center rounded-xl border border-dashed border-line bg-canvas p-3 sm:w-56">
          <SalonLogo
            name={organisation.companyName}
            logoUrl={organisation.logoUrl}
            imageClassName="max-h-24"
            fallback={<span className="px-2 text-center text-sm text-muted">{t('organisation.settings.noLogo')}</span>}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-sm text-muted">{t('organisation.settings.logoHint')}</p>
          <div className="flex flex-wrap gap-3">
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={onFile}
              data-testid="logo-file"
            />
            <Button
              variant="secondary"
              disabled={disabled}
              loading={busy === 'upload'}
              onClick={() => input.current?.click()}
              aria-describedby={error ? `${id}-msg` : undefined}
            >
              <ImageUp aria-hidden className="size-4" />
              {organisation.logoUrl ? t('organisation.settings.replaceLogo') : t('organisation.settings.uploadLogo')}
            </Button>
            {organisation.logoUrl && (
              <Button variant="ghost" disabled={disabled || busy !== null} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t('organisation.settings.removeLogo')}
              </Button>
            )}
          </div>
          {error && (
            <p id={`${id}-msg`} role="alert" className="text-sm text-[#a23b35]">
              {translateValidation(t, error)}
            </p>
          )}
          {formError && <FormError text={formError} />}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('organisation.settings.removeLogoTitle')}
        message={t('organisation.settings.removeLogoText')}
        confirmLabel={t('organisation.settings.removeLogo')}
        danger
        loading={busy === 'remove'}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
