import { Link, Outlet } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../ui/feedback'
import { useDeniedAction, useNavItems } from './use-screen-access'

/**
 * The staff shell's route guard: a screen whose route declares a policy action the employee may
 * not do (in the branch they work in now) is not rendered, whether reached from the navigation,
 * a link or a typed address; the shell shows a plain "no access" page instead.
 */
export function GuardedOutlet({ slug }: { slug: string }) {
  const denied = useDeniedAction()
  return denied ? <NoAccessPage slug={slug} /> : <Outlet />
}

/** "You have no access to this screen", with a way on to the first screen the employee may use. */
export function NoAccessPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const first = useNavItems()[0]
  return (
    <div className="mx-auto w-full max-w-xl pt-6" data-testid="no-access">
      <EmptyState
        icon={<Lock aria-hidden className="size-6" />}
        title={t('shell.noAccess.title')}
        description={t('shell.noAccess.description')}
        action={
          first && (
            <Link
              to={first.to}
              params={{ slug }}
              className="inline-flex min-h-11 items-center rounded-lg bg-primary-dark px-4 text-sm font-medium text-white"
            >
              {t('shell.noAccess.goTo', { screen: t(`shell.nav.${first.key}`) })}
            </Link>
          )
        }
      />
    </div>
  )
}
