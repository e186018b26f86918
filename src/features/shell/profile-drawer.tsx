import { Field, Label, Switch } from '@headlessui/react'
import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeSession } from '../../../contract/auth'
import { type Language, SEASONS } from '../../../contract/enums'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { useLanguageChoice } from '../../i18n/use-language-choice'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Drawer } from '../../ui/drawer'
import { notify } from '../../ui/notifications'
import { RadioGroup } from '../../ui/choices'
import { SelectField } from '../../ui/fields'
import { signOutEmployee } from '../auth/employee-auth'
import { KioskPinSection } from '../kiosk/kiosk-pin-section'
import { getSession, setSession } from '../auth/session'
import { useOutboxCount, useUnsentNow } from '../sync/use-outbox-count'
import type { SeasonSetting } from '../theme/season'
import { setCondensedMode, setSeasonSetting, useCondensedMode, useSeasonSetting } from '../theme/theme'
import { initials } from './initials'

type Props = { open: boolean; onClose: () => void; session: EmployeeSession }

/** My profile: who I am, language (saved on the server), condensed mode, season, kiosk PIN, sign out. */
export function ProfileDrawer({ open, onClose, session }: Props) {
  const { t } = useTranslation()
  const [shownLanguage, chooseLanguage] = useLanguageChoice()
  const { employee } = session
  const condensed = useCondensedMode()
  const season = useSeasonSetting()
  const outbox = useOutboxCount()
  const unsentNow = useUnsentNow()
  const [confirmSignOut, setConfirmSignOut] = useState(false)

  const onLanguage = async (value: string) => {
    const language = value as Language
    // Applied at once; the server keeps it for e-mails and the next device.
    await chooseLanguage(language)
    try {
      const me = await apiCall(API.employees.setLanguage, {
        params: { org: employee.organisationId },
        body: { language },
      })
      const current = getSession('employee')
      if (current) setSession('employee', { ...current, employee: { ...current.employee, ...me } })
    } catch {
      notify({ type: 'warning', message: t('shell.languageNotSaved') })
    }
  }

  const signOut = async () => {
    setConfirmSignOut(false)
    onClose()
    await signOutEmployee()
  }

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        title={t('shell.myProfile')}
        footer={
          <Button
            variant="secondary"
            onClick={async () => ((await unsentNow()) > 0 ? setConfirmSignOut(true) : void signOut())}
          >
            <LogOut aria-hidden className="size-4" />
            {t('common.signOut')}
          </Button>
        }
      >
        <div className="flex flex-col gap-7">
          <div className="flex items-center gap-4">
            <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-light font-display text-xl text-primary-dark">
              {initials(employee)}
            </span>
            {/* Long names and addresses wrap here: the drawer is where they are read in full. */}
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p className="text-lg font-medium text-ink">
                {employee.firstName} {employee.lastName}
              </p>
              <p className="text-sm text-muted">{employee.email}</p>
              <p className="text-sm text-muted">{employee.organisationName}</p>
            </div>
          </div>
          <RadioGroup
            label={t('shell.language')}
            name="language"
            value={shownLanguage}
            onChange={(v) => void onLanguage(v)}
            options={[
              { value: 'nl', label: t('common.languages.nl') },
              { value: 'en', label: t('common.languages.en') },
            ]}
          />
          <Field className="flex items-center justify-between gap-4">
            <span className="flex flex-col">
              <Label className="text-sm font-medium text-ink">{t('shell.condensedMode')}</Label>
              <span className="text-sm text-muted">{t('shell.condensedModeHint')}</span>
            </span>
            <Switch
              checked={condensed}
              onChange={setCondensedMode}
              className="group relative inline-flex h-11 w-16 shrink-0 cursor-pointer items-center rounded-full p-1 transition focus-visible:outline-2 focus-visible:outline-primary-dark"
            >
              <span className="absolute inset-x-1 inset-y-2 rounded-full bg-line transition group-data-[checked]:bg-primary-dark" />
              <span className="relative size-6 translate-x-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-[26px]" />
            </Switch>
          </Field>
          <SelectField
            label={t('shell.season')}
            name="season"
            value={season}
            onChange={(e) => setSeasonSetting(e.target.value as SeasonSetting)}
            options={[
              { value: 'auto', label: t('theme.auto') },
              ...SEASONS.map((s) => ({ value: s, label: t(`theme.${s}`) })),
            ]}
          />
          <KioskPinSection session={session} />
        </div>
      </Drawer>
      <ConfirmDialog
        open={confirmSignOut}
        title={t('shell.signOutWarningTitle')}
        message={t('shell.unsentChanges', { count: outbox ?? 0 })}
        confirmLabel={t('shell.signOutAnyway')}
        danger
        onCancel={() => setConfirmSignOut(false)}
        onConfirm={() => void signOut()}
      />
    </>
  )
}
