import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { z } from 'zod'
import { Button, EntityFormElement, FormError, TextField, useEntityForm } from '../../ui'
import { kioskDb } from './kiosk-db'
import { remainingMs } from './lockout'
import { unlockHandBack } from './unlock'

const ZSecret = z.object({ secret: z.string() })

type Props = { session: EmployeeSession; employeeId: string; onUnlocked: () => void | Promise<void> }

/**
 * The staff member's PIN (or password) takes the tablet back, checked on the device so it works
 * with no connection. Wrong attempts lock it for a growing delay; the lock survives a reload.
 */
export function UnlockForm({ session, employeeId, onUnlocked }: Props) {
  const { t } = useTranslation()
  // The PIN verifier belongs to the session of the employee who handed the tablet over.
  const pin = session.employee.id === employeeId ? session.employee.kioskPin : null
  const [usePassword, setUsePassword] = useState(!pin)
  const lockout = useLiveQuery(() => kioskDb().lockouts.get(employeeId), [employeeId])
  const now = useNow(!!lockout?.lockedUntil)
  const locked = lockout ? remainingMs(lockout, now) : 0
  const form = useEntityForm({
    schema: ZSecret,
    initial: { secret: '' },
    submit: async ({ secret }) => {
      if (locked > 0 || !secret) return
      const r = await unlockHandBack({ employeeId, pin, secret })
      form.set('secret', '')
      if (r.ok) return await onUnlocked()
      form.setFormError(r.lockedMs > 0 ? null : t('kiosk.unlock.wrong', { count: r.attemptsLeft }))
    },
  })
  const { secret } = form.values
  const error = form.formError

  const name = session.employee.id === employeeId ? session.employee.firstName : ''
  return (
    <EntityFormElement
      form={form}
      id="unlock-form"
      className="flex w-full flex-col gap-4"
      data-testid="unlock-form"
      showFormError={false}
    >
      {locked > 0 && <FormError text={t('kiosk.unlock.locked', { seconds: Math.ceil(locked / 1000) })} />}
      {error && locked === 0 && <FormError text={error} />}
      <TextField
        label={usePassword ? t('kiosk.unlock.passwordOf', { name }) : t('kiosk.unlock.pinOf', { name })}
        name={usePassword ? 'unlockPassword' : 'unlockPin'}
        type="password"
        inputMode={usePassword ? 'text' : 'numeric'}
        autoComplete="off"
        className="min-h-14 text-center text-2xl tracking-[0.4em]"
        value={secret}
        disabled={locked > 0}
        onChange={(e) =>
          form.set('secret', usePassword ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 8))
        }
      />
      <Button type="submit" size="lg" loading={form.isBusy} disabled={locked > 0 || !secret}>
        {t('kiosk.unlock.submit')}
      </Button>
      {pin && (
        <Button
          variant="ghost"
          onClick={() => {
            setUsePassword(!usePassword)
            form.set('secret', '')
          }}
        >
          {usePassword ? t('kiosk.unlock.usePin') : t('kiosk.unlock.usePassword')}
        </Button>
      )}
    </EntityFormElement>
  )
}

/** A clock that ticks every second while a lock counts down. */
function useNow(ticking: boolean) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    setNow(Date.now())
    if (!ticking) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [ticking])
  return now
}
