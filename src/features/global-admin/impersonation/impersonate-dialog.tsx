import { useNavigate } from '@tanstack/react-router'
import { UserCog } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IMPERSONATION_MINUTES, ZImpersonate } from '../../../../contract/auth'
import { API } from '../../../api/client'
import { apiCall } from '../../../api/transport'
import { Button, FormModal, TextArea, TextField, useEntityForm } from '../../../ui'
import { useOnline } from '../../app/use-online'
import { setSession } from '../../auth/session'

type Props = { organisationId: string; employee: { id: string; name: string } }

/**
 * Issue 23: "Act as" on an employee of the global admin's organisation screen. Asks why (told to
 * the organisation and the employee) and a fresh code from the authenticator app (or a recovery
 * code), then opens the staff area as that employee for 30 minutes at most, with the banner.
 * `organisationId` names the organisation shown; the server finds it from the employee.
 */
export function ImpersonateButton({ organisationId, employee }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="impersonate-button">
        <UserCog aria-hidden className="size-4" />
        {t('global-admin.impersonation.actAs')}
      </Button>
      {open && <ImpersonateDialog organisationId={organisationId} employee={employee} onClose={() => setOpen(false)} />}
    </>
  )
}

function ImpersonateDialog({ employee, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation()
  const online = useOnline()
  const navigate = useNavigate()
  const form = useEntityForm({
    schema: ZImpersonate,
    initial: { employeeId: employee.id, reason: '', code: '' },
    submit: async (body) => {
      const session = await apiCall(API.auth.impersonate, { body, as: 'globalAdmin' })
      setSession('employee', session)
      onClose()
      await navigate({ to: '/$slug/admin', params: { slug: session.employee.organisationSlug } })
    },
  })
  return (
    <FormModal
      form={form}
      open
      onClose={onClose}
      title={t('global-admin.impersonation.title', { name: employee.name })}
      formId="impersonate-form"
      className="flex flex-col gap-4"
      submitLabel={t('global-admin.impersonation.start')}
      submitDisabled={!online}
      data-testid="impersonate-dialog"
    >
      <p className="text-sm text-muted">
        {t('global-admin.impersonation.explain', { name: employee.name, minutes: IMPERSONATION_MINUTES })}
      </p>
      <TextArea label={t('global-admin.impersonation.reason')} rows={3} maxLength={500} {...form.field('reason')} />
      <TextField
        label={t('global-admin.secondFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        spellCheck={false}
        {...form.field('code')}
      />
    </FormModal>
  )
}
