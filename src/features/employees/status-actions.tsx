import { MailPlus, UserCheck, UserX } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Employee, UpdateEmployee } from '../../../contract/employees'
import { Button, ConfirmDialog, FormError, notify, useApiErrorMessage } from '../../ui'
import { SendingBlockedNote } from '../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../email-confirmation/use-sending-blocked'
import { useReplica } from '../sync/replica-context'
import { updateEmployee } from './employee-api'
import { EmployeeStatusBadge } from './employee-status'

type Props = {
  employee: Employee
  /** May change this employee now (online, manages employees in one of their branches). */
  canChange: boolean
  /** The signed-in employee's own account: never deactivated from here. */
  isSelf: boolean
}

/**
 * The status of an account and what can be done about it: send the invitation again (invited),
 * deactivate after a plain confirm (cannot sign in, signed out everywhere, history kept),
 * reactivate. The server decides (the last owner stays); its refusal is shown in words.
 */
export function StatusActions({ employee, canChange, isSelf }: Props) {
  const { t } = useTranslation()
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState<'resend' | 'deactivate' | 'reactivate' | null>(null)
  // A new invitation is an e-mail: it waits for the owner's confirmed address (issue 21 #16).
  const blocked = useSendingBlocked()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = `${employee.firstName} ${employee.lastName}`

  const run = async (kind: NonNullable<typeof busy>, body: UpdateEmployee, done: string) => {
    setBusy(kind)
    setError(null)
    try {
      await updateEmployee(replica, employee.id, body)
      notify({ type: 'success', message: done })
      setConfirming(false)
    } catch (err) {
      setError(errorText(err))
      setConfirming(false)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="status-title" className="flex flex-col gap-3" data-testid="employee-status">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="status-title" className="font-display text-lg text-ink">
          {t('employees.statusTitle')}
        </h3>
        <EmployeeStatusBadge status={employee.status} />
      </div>
      <p className="text-sm text-muted">{t(`employees.statusText.${employee.status}`, { email: employee.email })}</p>
      {canChange && (
        <div className="flex flex-wrap gap-3">
          {employee.status === 'invited' && blocked && <SendingBlockedNote />}
          {employee.status === 'invited' && (
            <Button
              variant="secondary"
              loading={busy === 'resend'}
              disabled={blocked}
              onClick={() =>
                void run('resend', { resendInvitation: true }, t('employees.invitationSent', { email: employee.email }))
              }
            >
              <MailPlus aria-hidden className="size-4" />
              {t('employees.resendInvitation')}
            </Button>
          )}
          {employee.status !== 'deactivated' && !isSelf && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <UserX aria-hidden className="size-4" />
              {t('employees.deactivate')}
            </Button>
          )}
          {employee.status === 'deactivated' && (
            <Button
              variant="secondary"
              loading={busy === 'reactivate'}
              onClick={() => void run('reactivate', { active: true }, t('employees.reactivated', { name }))}
            >
              <UserCheck aria-hidden className="size-4" />
              {t('employees.reactivate')}
            </Button>
          )}
        </div>
      )}
      {isSelf && employee.status !== 'deactivated' && canChange && (
        <p className="text-sm text-muted">{t('employees.selfNoDeactivate')}</p>
      )}
      {error && <FormError text={error} />}
      <ConfirmDialog
        open={confirming}
        danger
        title={t('employees.deactivateTitle', { name })}
        message={t('employees.deactivateText', { name: employee.firstName })}
        confirmLabel={t('employees.deactivate')}
        loading={busy === 'deactivate'}
        onConfirm={() => void run('deactivate', { active: false }, t('employees.deactivated', { name }))}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
