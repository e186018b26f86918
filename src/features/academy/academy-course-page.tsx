import { Link, useParams } from '@tanstack/react-router'
import { Check, ChevronLeft, GraduationCap, Lock, ShoppingBag, WifiOff } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type PaidCourseOffer, type TrainingCourseFull } from '../../../contract/trainings'
import { onlineState } from '../../api/query'
import { pingSync } from '../../local-db/mutations'
import type { LocalTrainingProgress } from '../../local-db/types'
import { Badge, Button, EmptyState, PageHeader, Skeleton } from '../../ui'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { CourseReader } from '../course-reader/course-reader'
import { type CourseOutline, courseOutline } from '../course-reader/progress'
import { Notice } from '../course-reader/segment-view'
import { useReplicaCourse } from '../course-reader/use-replica-courses'
import { BillingError } from '../subscription/billing-states'
import { useReplica } from '../sync/replica-context'
import { BuyDialog } from './buy-dialog'
import { OfferPrice } from './offer-price'
import { ACADEMY_COURSE_PATH, ACADEMY_PATH } from './paths'
import { useCatalogue, useCourseModules } from './use-academy'

/**
 * One Academy course (issue 24). Owned and on this device: learned from the replica like a
 * Blueprint course, with progress, offline too. Otherwise (online only) its outline from the
 * server: preview segments readable, the rest locked with Buy for those who manage the
 * subscription (the others are told who can); owned but not yet on the device (just bought): read
 * from the server while the replica fetches it.
 */
export function AcademyCoursePage({ courseId, segmentId }: { courseId: string; segmentId: string | undefined }) {
  const { t } = useTranslation()
  const local = useReplicaCourse(courseId, 'paid')
  const online = useOnline()
  const catalogue = useCatalogue()
  const fromServer = local !== undefined && !local.course
  const modules = useCourseModules(courseId, fromServer)
  if (local === undefined) return <CourseSkeleton />
  if (local.course)
    return (
      <Frame course={local.course} owned>
        <CourseReader
          coursePath={ACADEMY_COURSE_PATH}
          course={local.course}
          outline={courseOutline(local.course, local.progress, true)}
          segmentId={segmentId}
        />
      </Frame>
    )
  if (!online)
    return (
      <Frame>
        <EmptyState
          icon={<WifiOff aria-hidden className="size-6" />}
          title={t('academy.course.offlineTitle')}
          description={t('academy.course.offlineText')}
        />
      </Frame>
    )
  const offers = onlineState(catalogue, online)
  const outline = onlineState(modules, online)
  if (offers.status === 'error' || outline.status === 'error')
    return (
      <Frame>
        <BillingError
          error={offers.status === 'error' ? offers.error : outline.status === 'error' ? outline.error : null}
          onRetry={() => void Promise.all([catalogue.refetch(), modules.refetch()])}
        />
      </Frame>
    )
  if (offers.status !== 'ready' || outline.status !== 'ready') return <CourseSkeleton />
  const offer = offers.data.find((c) => c.id === courseId)
  if (!offer)
    return (
      <Frame>
        <EmptyState
          icon={<GraduationCap aria-hidden className="size-6" />}
          title={t('academy.course.notFoundTitle')}
          description={t('academy.course.notFoundText')}
        />
      </Frame>
    )
  const { owned, priceExVatCents, priceIncVatCents, vatRateBasisPoints, ...fields } = offer
  const course: TrainingCourseFull = { ...fields, modules: outline.data }
  return owned ? (
    <JustBought course={course} progress={local.progress} segmentId={segmentId} />
  ) : (
    <ForSale offer={offer} course={course} progress={local.progress} segmentId={segmentId} />
  )
}

/** Owned, not on the device yet: read from the server while the sync brings it (asked at once). */
function JustBought(p: {
  course: TrainingCourseFull
  progress: Map<string, LocalTrainingProgress>
  segmentId?: string
}) {
  const replica = useReplica()
  useEffect(() => {
    if (replica) pingSync(replica.db)
  }, [replica])
  return (
    <Frame course={p.course} owned>
      <CourseReader
        coursePath={ACADEMY_COURSE_PATH}
        course={p.course}
        outline={courseOutline(p.course, p.progress, true)}
        segmentId={p.segmentId}
      />
    </Frame>
  )
}

/**
 * Not owned: the server sent no content but for previews; those segments are locked (to buy),
 * whatever the "in order" rule says of them.
 */
const lockUnowned = (o: CourseOutline): CourseOutline => ({
  ...o,
  items: o.items.map((i) => (i.segment.locked ? { ...i, state: 'locked', awaitingContent: false } : i)),
})

function ForSale(p: {
  offer: PaidCourseOffer
  course: TrainingCourseFull
  progress: Map<string, LocalTrainingProgress>
  segmentId?: string
}) {
  const { t } = useTranslation()
  const [buying, setBuying] = useState(false)
  const canBuy = useCan('subscription.manage')
  const buy = canBuy ? () => setBuying(true) : null
  return (
    <Frame course={p.course}>
      <CourseReader
        coursePath={ACADEMY_COURSE_PATH}
        course={p.course}
        outline={lockUnowned(courseOutline(p.course, p.progress, true))}
        segmentId={p.segmentId}
        aside={<BuyPanel offer={p.offer} onBuy={buy} />}
        lockedNotice={
          <div className="flex flex-col items-start gap-3">
            <Notice icon={<Lock aria-hidden className="size-4 shrink-0" />} testId="segment-for-sale">
              {t('academy.course.forSale')}
            </Notice>
            {buy ? (
              <Button onClick={buy}>
                <ShoppingBag aria-hidden className="size-4" /> {t('academy.buy.button')}
              </Button>
            ) : (
              <p className="text-sm text-muted">{t('academy.buy.whoCanBuy')}</p>
            )}
          </div>
        }
      />
      {canBuy && <BuyDialog offer={p.offer} open={buying} onClose={() => setBuying(false)} />}
    </Frame>
  )
}

/** The price and Buy (subscription.manage); for the others, who can buy it. */
function BuyPanel({ offer, onBuy }: { offer: PaidCourseOffer; onBuy: (() => void) | null }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-canvas px-3 py-3" data-testid="buy-panel">
      <OfferPrice offer={offer} />
      {onBuy ? (
        <Button onClick={onBuy} className="w-full" data-testid="buy-course">
          <ShoppingBag aria-hidden className="size-4" /> {t('academy.buy.button')}
        </Button>
      ) : (
        <p className="text-sm text-muted" data-testid="who-can-buy">
          {t('academy.buy.whoCanBuy')}
        </p>
      )}
    </div>
  )
}

/** The page around a course: the way back, its title and description, owned or not. */
function Frame({ course, owned, children }: { course?: TrainingCourseFull; owned?: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation()
  const title = course ? inLanguage(course.title, course.titleEn, i18n.language) : null
  const description = course ? inLanguage(course.description, course.descriptionEn, i18n.language) : ''
  return (
    <div className="mx-auto max-w-5xl" data-testid="academy-course-page" data-owned={owned ? 'true' : 'false'}>
      <BackLink />
      {title && (
        <PageHeader
          title={title}
          description={description || undefined}
          actions={
            owned ? (
              <Badge tone="success">
                <Check aria-hidden className="size-3.5" /> {t('academy.owned')}
              </Badge>
            ) : undefined
          }
        />
      )}
      {children}
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation()
  const { slug } = useParams({ strict: false }) as { slug: string }
  return (
    <Link
      to={ACADEMY_PATH}
      params={{ slug }}
      className="mb-2 inline-flex min-h-11 items-center gap-1 rounded-lg pr-2 text-sm font-medium text-primary-dark hover:underline"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {t('academy.backToCourses')}
    </Link>
  )
}

function CourseSkeleton() {
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-5xl" aria-busy="true" aria-label={t('academy.loading')}>
      <Skeleton className="mb-6 h-10 w-2/3" />
      <Skeleton className="h-64 w-full" />
    </section>
  )
}
