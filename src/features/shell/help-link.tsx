import { Link, useRouterState } from '@tanstack/react-router'
import { CircleHelp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { NAV_ITEMS } from './nav-items'

/**
 * Every staff screen's Help (issue 24): the user manual's page whose key is the screen's
 * navigation key (`customers`, `grow`, …; global admins give a manual page that key), or the
 * manual's start when the screen has none.
 */
export function HelpLink({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const path = useRouterState({ select: (s) => s.location.pathname })
  const screen = NAV_ITEMS.find((n) => {
    const base = n.to.replace('$slug', slug)
    return path === base || path.startsWith(`${base}/`)
  })
  const page = screen && screen.key !== 'manual' ? screen.key : undefined
  return (
    <Link
      to="/$slug/admin/manual"
      params={{ slug }}
      search={{ page }}
      aria-label={t('shell.helpLabel')}
      title={t('shell.helpLabel')}
      data-testid="help-link"
      className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-primary-lighter hover:text-ink"
    >
      <CircleHelp aria-hidden className="size-5" />
    </Link>
  )
}
