import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../../contract/enums'
import { ApiError } from '../../api/client'
import {
  Button,
  Drawer,
  EntityFormElement,
  FieldRefusal,
  notify,
  SelectField,
  Skeleton,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { useBranchesFor } from '../auth/use-can'
import { useEmployeeSession } from '../auth/session'
import { useSalons } from '../branches/use-salons'
import { useReplica } from '../sync/replica-context'
import { useEmployee, useRoles } from '../team/use-team'
import { BranchAccessField } from './branch-access-field'
import { EffectivePermissionsPanel } from './effective-permissions'
import { SendingBlockedNote } from '../email-confirmation/sending-blocked-note'
import { useSendingBlocked } from '../email-confirmation/use-sending-blocked'
import { createEmployee, updateEmployee } from './employee-api'
import { ZCreateEmployee } from '../../../contract/employees'
import {
  type EmployeeForm,
  changesOf,
  emptyForm,
  formFromEmployee,
  formSignature,
  roleChecks,
  toInput,
} from './employee-form'
import { OnlineOnlyNotice } from './online-only-notice'
import { StatusActions } from './status-actions'

type Props = { open: boolean; employeeId: string | null; onClose: () => void }

/**
 * Create or edit an employee. Reading works from the replica, offline too; every change is sent
 * to the server straight away (online only) and the drawer shows its refusals at their fields.
 */
export function EmployeeDrawer({ open, employeeId, onClose }: Props) {
  const { t, i18n } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const session = useEmployeeSession()
  const errorText = useApiErrorMessage()
  const row = useEmployee(employeeId)
  const roles = useRoles()
  const salons = useSalons()
  const manageable = useBranchesFor('employees.manage')

  const formKey = employeeId ?? 'new'
  const isNew = !employeeId
  // Who may change this employee: someone who manages employees in every branch of theirs they
  // can see (the server's rule for PUT; branches beyond their sight stay as they are).
  const mayManage = isNew
    ? manageable.size > 0
    : !!row && row.access.length > 0 && row.access.every((a) => manageable.has(a.salonId))
  const canChange = mayManage && online

  // The form of ONE employee (their id or `new`), so opening B after A never shows A's values.
  const ready = !!replica && (isNew || (!!row && row.id === employeeId))
  const engine = useEntityForm({
    schema: ZCreateEmployee,
    initial: (): EmployeeForm => {
      if (!isNew && row && row.id === employeeId) return formFromEmployee(row)
      const first = replica && manageable.has(replica.salonId) ? replica.salonId : ([...manageable][0] ?? null)
      return emptyForm(i18n.resolvedLanguage === 'en' ? 'en' : 'nl', first)
    },
    resetKey: open && ready ? formKey : null,
    // An untouched form follows its row (a save, another device's change through the sync).
    follow: !isNew && formSignature,
    readOnly: !mayManage,
    toInput,
    check: (f) => roleChecks(t, f),
    submit: async (data) => {
      if (!canChange) return
      try {
        if (isNew) {
          const saved = await createEmployee(replica, data)
          notify({ type: 'success', message: t('employees.created', { email: saved.email }) })
        } else if (row) {
          const patch = changesOf(row, data)
          if (Object.keys(patch).length > 0) {
            const saved = await updateEmployee(replica, row.id, patch)
            notify({ type: 'success', message: t('employees.saved', { name: `${saved.firstName} ${saved.lastName}` }) })
          }
        }
        onClose()
      } catch (err) {
        if (err instanceof ApiError && err.code === 'EMPLOYEE_EMAIL_TAKEN' && !Object.keys(err.fieldErrors).length)
          throw new FieldRefusal({ email: errorText(err) })
        throw err
      }
    },
  })
  const form = ready ? engine.values : null
  const change = <K extends keyof EmployeeForm>(field: K, value: EmployeeForm[K]) => engine.set(field, value as never)
  const errors = engine.messages

  const salonName = useCallback(
    (id: string) => salons?.find((s) => s.id === id)?.name ?? t('employees.unknownBranch'),
    [salons, t],
  )
  const title = isNew ? t('employees.createTitle') : mayManage ? t('employees.editTitle') : t('employees.viewTitle')
  const salonIds = useMemo(() => (salons ?? []).map((s) => s.id), [salons])
  const loading = !form || !roles || !salons
  const notFound = !isNew && row === null
  // A new employee is invited by e-mail: not before the owner confirmed their address (issue 21 #16).
  const blocked = useSendingBlocked() && isNew

  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={engine.isDirty && !engine.isBusy}
      title={title}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            {mayManage ? t('common.cancel') : t('common.close')}
          </Button>
          {mayManage && !notFound && (
            <Button type="submit" form="employee-form" loading={engine.isBusy} disabled={!online || loading || blocked}>
              {isNew ? t('employees.invite') : t('common.save')}
            </Button>
          )}
        </>
      )}
    >
      {notFound ? (
        <p className="text-sm text-muted">{t('employees.notFound')}</p>
      ) : loading ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-8">
          <EntityFormElement form={engine} id="employee-form">
            {mayManage && !online && <OnlineOnlyNotice />}
            {blocked && <SendingBlockedNote />}
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <TextField
                label={t('employees.form.firstName')}
                name="firstName"
                autoComplete="off"
                value={form.firstName}
                onChange={(e) => change('firstName', e.target.value)}
                error={errors.firstName}
                disabled={!canChange}
                autoFocus={isNew}
              />
              <TextField
                label={t('employees.form.lastName')}
                name="lastName"
                autoComplete="off"
                value={form.lastName}
                onChange={(e) => change('lastName', e.target.value)}
                error={errors.lastName}
                disabled={!canChange}
              />
            </div>
            <TextField
              label={t('common.email')}
              name="email"
              type="email"
              autoComplete="off"
              value={form.email}
              onChange={(e) => change('email', e.target.value)}
              error={errors.email}
              disabled={!canChange}
              hint={isNew ? t('employees.form.emailHint') : undefined}
            />
            <SelectField
              label={t('employees.form.language')}
              name="language"
              value={form.language}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
              onChange={(e) => change('language', e.target.value as EmployeeForm['language'])}
              error={errors.language}
              disabled={!canChange}
              hint={t('employees.form.languageHint')}
            />
            <BranchAccessField
              rows={form.access}
              onChange={(access) => change('access', access)}
              salons={salons}
              roles={roles}
              editable={manageable}
              readOnly={!canChange}
              errors={errors}
            />
          </EntityFormElement>
          {row && <StatusActions employee={row} canChange={canChange} isSelf={row.id === session?.employee.id} />}
          {row && <EffectivePermissionsPanel employee={row} roles={roles} salonName={salonName} salonIds={salonIds} />}
        </div>
      )}
    </Drawer>
  )
}
