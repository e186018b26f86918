import { CloudOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, FormError, PageHeader, Skeleton, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { useEmployeeSession } from '../auth/session'
import { useOrganisationSettings } from './settings-data'
import { SettingsForm } from './settings-form'
import { SettingsLogo } from './settings-logo'

/**
 * `/{slug}/admin/settings` (ownOrganisation): the organisation's details and logo. Online only:
 * offline it shows the last loaded values with the controls off and says why.
 */
export function SettingsPage() {
  const session = useEmployeeSession()
  if (!session) return null
  return <Settings organisationId={session.employee.organisationId} />
}

function Settings({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const { state, saved, retry } = useOrganisationSettings(organisationId)
  const disabled = !online || state.status !== 'ready' || !state.fresh

  return (
    <div className="mx-auto max-w-3xl pb-10">
      <PageHeader title={t('organisation.settings.title')} description={t('organisation.settings.description')} />
      {!online && (
        <p
          role="status"
          data-testid="settings-offline"
          className="mb-6 flex items-start gap-3 rounded-xl bg-primary-light px-4 py-3 text-sm text-ink"
        >
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          {state.status === 'ready' ? t('organisation.settings.offline') : t('organisation.settings.offlineNothing')}
        </p>
      )}
      {state.status === 'loading' ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : state.status === 'error' ? (
        online && (
          <div className="flex flex-col items-start gap-3">
            <FormError text={errorText(state.error)} />
            <Button variant="secondary" onClick={retry}>
              {t('organisation.settings.retry')}
            </Button>
          </div>
        )
      ) : (
        <>
          {online && !state.fresh && state.error !== undefined && (
            <div className="mb-6 flex flex-col items-start gap-3">
              <FormError text={errorText(state.error)} />
              <Button variant="secondary" onClick={retry}>
                {t('organisation.settings.retry')}
              </Button>
            </div>
          )}
          <div className="flex flex-col gap-10 rounded-2xl border border-line bg-white px-5 py-6 shadow-[0_1px_2px_rgba(43,38,35,0.04)] md:px-8">
            <SettingsLogo organisation={state.organisation} disabled={disabled} onSaved={saved} />
            <SettingsForm organisation={state.organisation} disabled={disabled} onSaved={saved} />
          </div>
        </>
      )}
    </div>
  )
}
