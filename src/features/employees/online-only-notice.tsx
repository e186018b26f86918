import { WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Offline is a normal state: a quiet, plain notice why changes wait for the internet. */
export function OnlineOnlyNotice() {
  const { t } = useTranslation()
  return (
    <p
      className="flex items-start gap-2.5 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink"
      data-testid="online-only"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-dark" />
      {t('employees.needsConnection')}
    </p>
  )
}
