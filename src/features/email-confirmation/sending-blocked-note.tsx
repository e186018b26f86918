import { MailWarning } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Why a send action is disabled: the owner has not confirmed their e-mail address yet. */
export function SendingBlockedNote() {
  const { t } = useTranslation()
  return (
    <p className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-ink" data-testid="sending-blocked">
      <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('email-confirmation.blocked')}
    </p>
  )
}
