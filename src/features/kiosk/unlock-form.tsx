import { useLiveQuery } from 'dexie-react-hooks'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { Button, FormError, TextField } from '../../ui'
import { kioskDb } from './kiosk-db'
import { remainingMs } from './lockout'
import { unlockHandBack } from './unlock'

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
  const [secret, setSecret] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const lockout = useLiveQuery(() => kioskDb().lockouts.get(employeeId), [employeeId])
  const now = useNow(!!lockout?.lockedUntil)
  const locked = lockout ? remainingMs(lockout, now) : 0

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy || locked > 0 || !secret) return
    setBusy(true)
    setError(null)
    try {
      const r = await unlockHandBack({ employeeId, pin, secret })
      setSecret('')
      if (r.ok) return await onUnlocked()
      setError(r.lockedMs > 0 ? null : t('kiosk.unlock.wrong', { count: r.attemptsLeft }))
    } finally {
      setBusy(false)
    }
  }

  const name = session.employee.id === employeeId ? session.employee.firstName : ''
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex w-full flex-col gap-4"
      data-testid="unlock-form"
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
        onChange={(e) => setSecret(usePassword ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 8))}
      />
      <Button type="submit" size="lg" loading={busy} disabled={locked > 0 || !secret}>
        {t('kiosk.unlock.submit')}
      </Button>
      {pin && (
        <Button
          variant="ghost"
          onClick={() => {
            setUsePassword(!usePassword)
            setSecret('')
          }}
        >
          {usePassword ? t('kiosk.unlock.usePin') : t('kiosk.unlock.usePassword')}
        </Button>
      )}
    </form>
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
