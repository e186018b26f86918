import { useNavigate } from '@tanstack/react-router'
import { UserCog } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../../contract/auth'
import { auth } from '../../../../contract/endpoints/auth'
import { call } from '../../../api/request'
import { Button } from '../../../ui/button'
import { setSession } from '../../auth/session'
import { forgetEmployeeSecrets } from '../../kiosk/kiosk-db'
import { dropEveryReplica } from '../../sync/lost-branches'

const twoDigits = (n: number) => String(n).padStart(2, '0')
/** Milliseconds as `mm:ss` (never below 00:00). */
export const minutesSeconds = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${twoDigits(Math.floor(s / 60))}:${twoDigits(s % 60)}`
}

/**
 * Issue 23: on every staff screen while a global admin acts as the employee: who acts as whom,
 * why, the time left (it ends hard, never extended) and Stop, which ends the session on the server
 * and returns to the platform area, leaving none of the organisation's data in this browser. When
 * the time is up it returns there by itself.
 */
export function ImpersonationBanner({ session }: { session: EmployeeSession }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [now, setNow] = useState(() => Date.now())
  const [stopping, setStopping] = useState(false)
  const { employee, token } = session
  const end = Date.parse(session.expiresAt)
  const acting = !!employee.impersonatedBy

  const leave = useCallback(async () => {
    setSession('employee', null)
    await dropEveryReplica(employee).catch((e) => console.warn('could not delete the replicas', e))
    await forgetEmployeeSecrets(employee.id).catch(() => undefined)
    await navigate({ to: '/global-admin' })
  }, [navigate, employee])

  useEffect(() => {
    if (!acting) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [acting])
  useEffect(() => {
    if (acting && now >= end) void leave()
  }, [acting, now, end, leave])

  if (!acting) return null
  const stop = async () => {
    setStopping(true)
    // Ended already (time up, the admin signed out): nothing left to stop; leave anyway.
    await call(auth.stopImpersonation, { token }).catch(() => undefined)
    await leave()
  }
  const who = `${employee.firstName} ${employee.lastName}`
  return (
    <section
      aria-labelledby="impersonation-title"
      data-testid="impersonation-banner"
      className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-[#e3b9b4] bg-[#fbe9e7] px-4 py-2.5 text-[#6b211c] md:px-6"
    >
      <UserCog aria-hidden className="size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 basis-60 flex-col">
        <h2 id="impersonation-title" className="text-sm font-semibold">
          {session.impersonation?.adminName
            ? t('global-admin.impersonation.banner', { admin: session.impersonation.adminName, name: who })
            : t('global-admin.impersonation.bannerNoName', { name: who })}
        </h2>
        {session.impersonation?.reason && (
          <p className="truncate text-sm" title={session.impersonation.reason}>
            {t('global-admin.impersonation.bannerReason', { reason: session.impersonation.reason })}
          </p>
        )}
      </div>
      <p className="text-sm font-medium tabular-nums" data-testid="impersonation-time-left">
        <span role="timer" aria-live="off">
          {t('global-admin.impersonation.timeLeft', { time: minutesSeconds(end - now) })}
        </span>
      </p>
      <Button variant="danger" onClick={stop} loading={stopping} data-testid="impersonation-stop">
        {t('global-admin.impersonation.stop')}
      </Button>
    </section>
  )
}
