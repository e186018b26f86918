import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../../contract/enums'
import { ApiError } from '../../api/client'
import {
  Button,
  Drawer,
  FormError,
  notify,
  SelectField,
  Skeleton,
  TextField,
  useApiErrorMessage,
  useFieldErrors,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { useBranchesFor } from '../auth/use-can'
import { useEmployeeSession } from '../auth/session'
import { useSalons } from '../branches/use-salons'
import { useReplica } from '../sync/replica-context'
import { useEmployee, useRoles } from '../team/use-team'
import { BranchAccessField } from './branch-access-field'
import { EffectivePermissionsPanel } from './effective-permissions'
import { createEmployee, updateEmployee } from './employee-api'
import {
  type EmployeeForm,
  changesOf,
  checkForm,
  emptyForm,
  formFromEmployee,
  formSignature,
  translateErrors,
} from './employee-form'
import { OnlineOnlyNotice } from './online-only-notice'
import { StatusActions } from './status-actions'

type Props = { open: boolean; employeeId: string | null; onClose: () => void }

/** The form of ONE employee (`key`: their id or `new`), so opening B after A never shows A's values. */
type FormState = { key: string; form: EmployeeForm; baseline: string }

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
  const [state, setState] = useState<FormState | null>(null)
  const [errors, setErrors] = useFieldErrors<Record<string, string>>()
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // A refusal of the whole save (last owner, a role not assignable) sits below the fields: it is
  // brought into view, or the person sees a button that did nothing.
  const formErrorRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (formError) formErrorRef.current?.scrollIntoView({ block: 'nearest' })
  }, [formError])

  const formKey = employeeId ?? 'new'
  const current = state?.key === formKey ? state : null
  const isNew = !employeeId
  // Who may change this employee: someone who manages employees in every branch of theirs they
  // can see (the server's rule for PUT; branches beyond their sight stay as they are).
  const mayManage = isNew
    ? manageable.size > 0
    : !!row && row.access.length > 0 && row.access.every((a) => manageable.has(a.salonId))
  const canChange = mayManage && online

  useEffect(() => {
    if (!open) {
      setState(null)
      setErrors({})
      setFormError(null)
    }
  }, [open, setErrors])
  useEffect(() => {
    if (!open || current || !replica) return
    if (isNew) {
      const first = manageable.has(replica.salonId) ? replica.salonId : ([...manageable][0] ?? null)
      const language = i18n.resolvedLanguage === 'en' ? 'en' : 'nl'
      const form = emptyForm(language, first)
      setState({ key: formKey, form, baseline: formSignature(form) })
    } else if (row && row.id === employeeId) {
      const form = formFromEmployee(row)
      setState({ key: formKey, form, baseline: formSignature(form) })
    }
  }, [open, current, replica, isNew, row, employeeId, formKey, manageable, i18n.resolvedLanguage])

  const form = current?.form ?? null
  const dirty = !!current && formSignature(current.form) !== current.baseline
  // An untouched form follows its row (a save, another device's change through the sync).
  useEffect(() => {
    if (!current || isNew || dirty || saving || !row || row.id !== employeeId) return
    const next = formFromEmployee(row)
    if (formSignature(next) !== current.baseline)
      setState({ key: current.key, form: next, baseline: formSignature(next) })
  }, [current, isNew, dirty, saving, row, employeeId])

  const setForm = (patch: Partial<EmployeeForm>) =>
    setState((s) => (s && s.key === formKey ? { ...s, form: { ...s.form, ...patch } } : s))
  // A field's message goes once that field changes (the rest stay until the next save).
  const change = (field: keyof EmployeeForm, value: EmployeeForm[keyof EmployeeForm]) => {
    setForm({ [field]: value })
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([k]) => k !== field && !(field === 'access' && k.startsWith('access'))),
      ),
    )
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!current || saving || !canChange) return
    setFormError(null)
    const checked = checkForm(t, current.form)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    setSaving(true)
    try {
      if (isNew) {
        const saved = await createEmployee(replica, checked.data)
        notify({ type: 'success', message: t('employees.created', { email: saved.email }) })
      } else if (row) {
        const patch = changesOf(row, checked.data)
        if (Object.keys(patch).length > 0) {
          const saved = await updateEmployee(replica, row.id, patch)
          notify({ type: 'success', message: t('employees.saved', { name: `${saved.firstName} ${saved.lastName}` }) })
        }
      }
      onClose()
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {}
      if (Object.keys(fields).length > 0) setErrors(translateErrors(t, fields))
      else if (err instanceof ApiError && err.code === 'EMPLOYEE_EMAIL_TAKEN') setErrors({ email: errorText(err) })
      else setFormError(errorText(err))
    } finally {
      setSaving(false)
    }
  }

  const salonName = useCallback(
    (id: string) => salons?.find((s) => s.id === id)?.name ?? t('employees.unknownBranch'),
    [salons, t],
  )
  const title = isNew ? t('employees.createTitle') : mayManage ? t('employees.editTitle') : t('employees.viewTitle')
  const salonIds = useMemo(() => (salons ?? []).map((s) => s.id), [salons])
  const loading = !form || !roles || !salons
  const notFound = !isNew && row === null

  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={dirty && mayManage}
      title={title}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            {mayManage ? t('common.cancel') : t('common.close')}
          </Button>
          {mayManage && !notFound && (
            <Button type="submit" form="employee-form" loading={saving} disabled={!online || loading}>
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
          <form id="employee-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            {mayManage && !online && <OnlineOnlyNotice />}
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
            {formError && (
              <div ref={formErrorRef}>
                <FormError text={formError} />
              </div>
            )}
          </form>
          {row && <StatusActions employee={row} canChange={canChange} isSelf={row.id === session?.employee.id} />}
          {row && <EffectivePermissionsPanel employee={row} roles={roles} salonName={salonName} salonIds={salonIds} />}
        </div>
      )}
    </Drawer>
  )
}
