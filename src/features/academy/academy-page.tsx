import { Link, useParams } from '@tanstack/react-router'
import { Check, GraduationCap, WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type PaidCourseOffer } from '../../../contract/trainings'
import { onlineState } from '../../api/query'
import type { LocalTrainingCourse } from '../../local-db/types'
import { Badge, EmptyState, ListSkeleton, PageHeader } from '../../ui'
import { useOnline } from '../app/use-online'
import { ProgressBar } from '../course-reader/progress-bar'
import { courseOutline } from '../course-reader/progress'
import { useReplicaCourses } from '../course-reader/use-replica-courses'
import { BillingError } from '../subscription/billing-states'
import { OfferPrice } from './offer-price'
import { ACADEMY_COURSE_PATH } from './paths'
import { useCatalogue } from './use-academy'

const cardLink =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg px-5 text-sm font-medium shadow-sm hover:brightness-110'

/**
 * Academy (issue 24): the platform's paid courses, owned by the organisation or on sale, with the
 * price without and with VAT. The catalogue is online only and says so plainly offline; the
 * courses the organisation owns are on the device then too (the replica), learned as Blueprint's.
 */
export function AcademyPage() {
  const { t } = useTranslation()
  const online = useOnline()
  const q = useCatalogue()
  const state = onlineState(q, online)
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('academy.title')} description={t('academy.description')} />
      {state.status === 'offline' ? (
        <OfflineAcademy />
      ) : state.status === 'loading' ? (
        <ListSkeleton label={t('academy.loading')} />
      ) : state.status === 'error' ? (
        <BillingError error={state.error} onRetry={() => void q.refetch()} />
      ) : state.data.length === 0 ? (
        <EmptyState
          icon={<GraduationCap aria-hidden className="size-6" />}
          title={t('academy.emptyTitle')}
          description={t('academy.emptyText')}
        />
      ) : (
        <ul className="flex flex-col gap-4" data-testid="academy-courses">
          {state.data.map((c) => (
            <OfferCard key={c.id} offer={c} />
          ))}
        </ul>
      )}
    </div>
  )
}

function OfferCard({ offer }: { offer: PaidCourseOffer }) {
  const { t, i18n } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  const title = inLanguage(offer.title, offer.titleEn, i18n.language)
  const description = inLanguage(offer.description, offer.descriptionEn, i18n.language)
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white px-5 py-4 sm:flex-row sm:items-center sm:gap-6"
      data-testid="academy-course"
      data-owned={offer.owned}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-display text-lg text-ink">{title}</h2>
          {offer.owned && (
            <Badge tone="success">
              <Check aria-hidden className="size-3.5" /> {t('academy.owned')}
            </Badge>
          )}
        </div>
        {description && <p className="line-clamp-3 text-sm text-muted">{description}</p>}
        {!offer.owned && <OfferPrice offer={offer} />}
      </div>
      <Link
        to={ACADEMY_COURSE_PATH}
        params={{ slug, courseId: offer.id }}
        aria-label={`${offer.owned ? t('academy.open') : t('academy.view')}: ${title}`}
        className={`${cardLink} ${offer.owned ? 'bg-primary-dark text-white' : 'border border-line bg-white text-ink shadow-none hover:border-primary hover:bg-primary-lighter'}`}
      >
        {offer.owned ? t('academy.open') : t('academy.view')}
      </Link>
    </li>
  )
}

/** Offline: the catalogue needs a connection; the owned courses on this device can still be learned. */
function OfflineAcademy() {
  const { t } = useTranslation()
  const owned = useReplicaCourses('paid')
  return (
    <div className="flex flex-col gap-6" data-testid="academy-offline">
      <EmptyState
        icon={<WifiOff aria-hidden className="size-6" />}
        title={t('academy.offline.title')}
        description={t('academy.offline.text')}
      />
      {owned && owned.courses.length > 0 && (
        <section aria-labelledby="academy-owned-offline" className="flex flex-col gap-3">
          <h2 id="academy-owned-offline" className="font-display text-lg text-ink">
            {t('academy.offline.owned')}
          </h2>
          <ul className="flex flex-col gap-4" data-testid="academy-owned">
            {owned.courses.map((c) => (
              <OwnedCard key={c.id} course={c} progress={owned.progress} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function OwnedCard({
  course,
  progress,
}: {
  course: LocalTrainingCourse
  progress: Parameters<typeof courseOutline>[1]
}) {
  const { t, i18n } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  const title = inLanguage(course.title, course.titleEn, i18n.language)
  const outline = courseOutline(course, progress, true)
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-white px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-display text-lg text-ink">{title}</h3>
        <ProgressBar done={outline.done} total={outline.total} label={t('blueprint.progress.label', { title })} />
      </div>
      <Link
        to={ACADEMY_COURSE_PATH}
        params={{ slug, courseId: course.id }}
        aria-label={`${t('academy.open')}: ${title}`}
        className={`${cardLink} bg-primary-dark text-white`}
      >
        {t('academy.open')}
      </Link>
    </li>
  )
}
