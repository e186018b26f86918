import { ChevronDown, ExternalLink, Podcast } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { CustomerAdviceItem } from '../../../../contract/advice/customer-advice'
import { Badge } from '../../../ui/feedback'
import { cx } from '../../../ui/cx'
import { AudioPlayer } from '../audio/audio-player'
import { embedUrl } from '../../questionnaire-fill/video'
import { whyNotLines, whyShownText } from './why'

type Group = { key: string; name: string | null; items: CustomerAdviceItem[] }

/** Items in order, merged by group (modules without a group first, under no heading). */
export function groupAdvice(items: readonly CustomerAdviceItem[]): Group[] {
  const groups: Group[] = []
  for (const item of items) {
    const key = item.group?.id ?? ''
    const last = groups.at(-1)
    if (last && last.key === key) last.items.push(item)
    else groups.push({ key, name: item.group?.name ?? null, items: [item] })
  }
  return groups
}

/**
 * A customer's advice modules merged by group in the set order: text (HTML sanitised on the
 * server), link, embedded video, audio, podcast, and "why" per module. `staff`: employee advice
 * is marked as such and modules that do not show say which subcondition failed.
 */
export function AdviceList({ items, staff = false }: { items: readonly CustomerAdviceItem[]; staff?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-6">
      {groupAdvice(items).map((g) => (
        <section key={g.key || 'none'} aria-label={g.name ?? t('advice.ungrouped')} className="flex flex-col gap-3">
          {g.name && <h3 className="text-base font-semibold text-ink">{g.name}</h3>}
          {g.items.map((item) => (
            <AdviceCard key={item.advice.id} item={item} staff={staff} />
          ))}
        </section>
      ))}
    </div>
  )
}

function AdviceCard({ item, staff }: { item: CustomerAdviceItem; staff: boolean }) {
  const { t } = useTranslation()
  const { advice, why, shows } = item
  const video = advice.videoUrl ? embedUrl(advice.videoUrl) : null
  const shown = whyShownText(t, why)
  const notLines = whyNotLines(t, why)
  return (
    <article
      data-testid="advice-module"
      data-shows={shows ? 'true' : 'false'}
      className={cx(
        'flex flex-col gap-3 rounded-xl border px-4 py-3',
        shows ? 'border-line bg-white' : 'border-dashed border-line bg-canvas/60',
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h4 className={cx('text-base font-medium', shows ? 'text-ink' : 'text-muted')}>{advice.name}</h4>
        {staff && advice.kind === 'employeeAdvice' && <Badge tone="warning">{t('advice.employeeAdvice')}</Badge>}
        {staff && !shows && <Badge>{t('advice.notApplicable')}</Badge>}
      </header>
      {shows && (
        <>
          {advice.contentType === 'text' && advice.text.trim() !== '' && (
            // The server sanitised this HTML with an allow-list (sanitize-html) when it was saved.
            <div
              className="prose-advice text-sm leading-relaxed text-ink [&_a]:text-primary-dark [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_p:last-child]:mb-0 [&_ul]:list-disc"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
              dangerouslySetInnerHTML={{ __html: advice.text }}
            />
          )}
          {advice.contentType === 'url' && advice.url && (
            <a
              href={advice.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-dark underline"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t('advice.openLink')}
            </a>
          )}
          {video && (
            <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
              <iframe
                src={video}
                title={t('advice.video', { name: advice.name })}
                className="size-full"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                allowFullScreen
                loading="lazy"
              />
            </div>
          )}
          {advice.audio && <AudioPlayer audio={advice.audio} label={t('advice.audio', { name: advice.name })} />}
          {advice.podcastUrl && (
            <a
              href={advice.podcastUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-dark underline"
            >
              <Podcast aria-hidden className="size-4" />
              {t('advice.podcast')}
            </a>
          )}
        </>
      )}
      {(shown || notLines.length > 0) && (
        <details className="group text-sm" open={!shows}>
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 text-muted hover:text-ink">
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
            {shows ? t('advice.why.title') : t('advice.why.notTitle')}
          </summary>
          {shown && <p className="text-ink">{shown}</p>}
          {notLines.length > 0 && (
            <ul className="list-disc pl-5 text-ink">
              {notLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </details>
      )}
    </article>
  )
}
