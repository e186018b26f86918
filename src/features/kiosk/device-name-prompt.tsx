import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '../../ui/button'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { TextField } from '../../ui/fields'
import { setDeviceName, useDeviceName } from './device-name'

/** The prompt's one field: any text (an empty name is not sent; the field caps it at 60). */
const ZDeviceNameForm = z.object({ name: z.string() })

/**
 * Asked once per device, where submissions are taken (kiosk start, staff filling): the name staff
 * will read on every submission taken here ("Tablet balie"). Inline, not a modal, so it never
 * stands between staff and a customer; "Later" leaves it unnamed for good (My profile can still
 * name it: DeviceNameField).
 */
export function DeviceNamePrompt() {
  const { t } = useTranslation()
  const stored = useDeviceName()
  const form = useEntityForm({
    schema: ZDeviceNameForm,
    initial: { name: '' },
    submit: async ({ name }) => {
      if (name.trim()) await setDeviceName(name)
    },
  })
  if (stored !== null) return null
  const name = form.values.name
  return (
    <section
      aria-labelledby="device-name-title"
      data-testid="device-name-prompt"
      className="rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="device-name-title" className="font-medium text-ink">
        {t('kiosk.deviceName.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('kiosk.deviceName.text')}</p>
      <EntityFormElement form={form} id="device-name-form" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <TextField
            label={t('kiosk.deviceName.label')}
            placeholder={t('kiosk.deviceName.placeholder')}
            maxLength={60}
            {...form.field('name')}
          />
        </div>
        <Button type="submit" disabled={!name.trim()} loading={form.isBusy}>
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={() => void setDeviceName('')}>
          {t('kiosk.deviceName.later')}
        </Button>
      </EntityFormElement>
    </section>
  )
}

/** My profile: rename this device (or name it after "Later"); an untouched field follows the stored name. */
export function DeviceNameField() {
  const { t } = useTranslation()
  const stored = useDeviceName()
  const form = useEntityForm({
    schema: ZDeviceNameForm,
    initial: { name: stored ?? '' },
    follow: true,
    submit: async ({ name }) => {
      await setDeviceName(name)
      form.reset({ name: name.trim().slice(0, 60) })
    },
  })
  const changed = form.isDirty && form.values.name.trim() !== (stored ?? '')
  return (
    <EntityFormElement form={form} id="device-name-field" className="flex items-end gap-3">
      <TextField
        label={t('kiosk.deviceName.label')}
        hint={t('kiosk.deviceName.hint')}
        placeholder={t('kiosk.deviceName.placeholder')}
        maxLength={60}
        className="min-w-0"
        {...form.field('name')}
      />
      {changed && (
        <Button type="submit" variant="secondary" loading={form.isBusy}>
          {t('common.save')}
        </Button>
      )}
    </EntityFormElement>
  )
}
