import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/*
 * Spec §8 "Limit reached …: update your subscription" and §10 "Features outside the subscription
 * show a prompt to upgrade": the refusals a better subscription solves get a link to the plan
 * screen wherever an error is shown (FormError and the error toasts render through ErrorText).
 * Where the plan screen is, and whether this user may buy, only the staff shell knows: it sets the
 * target (setUpgradeTarget); without one (customer area, sign-in, no manageSubscription) the
 * message shows alone.
 */
export const UPGRADE_CODES = [
  'CUSTOMERS_LIMIT_REACHED',
  'EMPLOYEES_LIMIT_REACHED',
  'SALONS_LIMIT_REACHED',
  'SUBSCRIPTION_EXPIRED',
  'FEATURE_NOT_IN_PLAN',
] as const

export type UpgradeTarget = { href: string; go: () => void }

let target: UpgradeTarget | null = null
const listeners = new Set<() => void>()

export function setUpgradeTarget(next: UpgradeTarget | null) {
  target = next
  for (const l of listeners) l()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

const snapshot = () => target

/**
 * An error's text, with "Upgrade your subscription" after it when it is one of UPGRADE_CODES'
 * messages (the texts apiErrorMessage gives them, in the reader's language).
 */
export function ErrorText({ text }: { text: string }) {
  const { t } = useTranslation()
  const link = useSyncExternalStore(subscribe, snapshot, snapshot)
  const upgrade = !!link && UPGRADE_CODES.some((code) => t(`errors.${code}`) === text)
  if (!upgrade) return text
  return (
    <>
      {text}{' '}
      <a
        href={link.href}
        data-testid="upgrade-link"
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
          e.preventDefault()
          link.go()
        }}
        className="inline-flex min-h-11 items-center font-medium text-inherit underline underline-offset-2"
      >
        {t('common.upgradeSubscription')}
      </a>
    </>
  )
}
