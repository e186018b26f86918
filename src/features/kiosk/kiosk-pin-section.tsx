import { DeviceNameField } from './device-name-prompt'
import { useLiveQuery } from 'dexie-react-hooks'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { type SetKioskPin, ZSetKioskPin } from '../../../contract/kiosk'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/form-error'
import { FormModal, useEntityForm } from '../../ui/form'
import { notify } from '../../ui/notifications'
import { TextField } from '../../ui/fields'
import { useOnline } from '../app/use-online'
import { getSession, setSession } from '../auth/session'
import { kioskDb } from './kiosk-db'

/**
 * My profile → kiosk PIN: set, change or remove the PIN that takes the tablet back after a
 * customer filled a questionnaire. Online only (the server checks the current password); the
 * answer carries the offline verifier, kept with this employee's session.
 */
export function KioskPinSection({ session }: { session: EmployeeSession }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'set' | 'remove' | null>(null)
  const hasPin = !!session.employee.kioskPin
  // The password takes the tablet back only where its verifier is kept (a password sign-in here).
  const passwordHere = useLiveQuery(
    async () => !!(await kioskDb().secrets.get(session.employee.id)),
    [session.employee.id],
  )
  return (
    <section className="flex flex-col gap-3" data-testid="kiosk-pin-section">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-dark" />
        <div className="flex flex-col">
          <h3 className="text-sm font-medium text-ink">{t('kiosk.pin.title')}</h3>
          <p className="text-sm text-muted">
            {hasPin
              ? t('kiosk.pin.isSet')
              : passwordHere === false
                ? t('kiosk.pin.notSetNoPassword')
                : t('kiosk.pin.notSet')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setMode('set')}>
          {hasPin ? t('kiosk.pin.change') : t('kiosk.pin.set')}
        </Button>
        {hasPin && (
          <Button variant="ghost" onClick={() => setMode('remove')}>
            {t('kiosk.pin.remove')}
          </Button>
        )}
      </div>
      {mode && <PinModal session={session} remove={mode === 'remove'} onClose={() => setMode(null)} />}
      <DeviceNameField />
    </section>
  )
}

function PinModal({ session, remove, onClose }: { session: EmployeeSession; remove: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const online = useOnline()
  const form = useEntityForm({
    schema: ZSetKioskPin,
    initial: { pin: '', currentPassword: '' },
    toInput: (values) => ({ ...values, pin: remove ? null : values.pin }),
    submit: async (body: SetKioskPin) => {
      const me = await apiCall(API.employees.setKioskPin, {
        params: { org: session.employee.organisationId },
        body,
      })
      const current = getSession('employee')
      if (current) setSession('employee', { ...current, employee: { ...current.employee, ...me } })
      notify({ type: 'success', message: remove ? t('kiosk.pin.removed') : t('kiosk.pin.saved') })
      onClose()
    },
  })

  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={remove ? t('kiosk.pin.removeTitle') : t('kiosk.pin.setTitle')}
      formId="kiosk-pin-form"
      className="flex flex-col gap-4"
      submitLabel={remove ? t('kiosk.pin.remove') : t('common.save')}
      submitVariant={remove ? 'danger' : 'primary'}
      submitDisabled={!online}
    >
      <p className="text-sm text-muted">{remove ? t('kiosk.pin.removeHint') : t('kiosk.pin.hint')}</p>
      {!online && <FormError text={t('kiosk.pin.offline')} />}
      {!remove && (
        <TextField
          label={t('kiosk.pin.newPin')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          {...form.field('pin')}
          name="kioskPin"
          onChange={(e) => form.set('pin', e.target.value.replace(/\D/g, ''))}
        />
      )}
      <TextField
        label={t('kiosk.pin.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
    </FormModal>
  )
}
