import { CloudUpload, History, Plus, ScanFace } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { compareFindings, type FaceZone, type SkinAnalysis } from '../../../contract/skin-analysis'
import type { LocalSkinAnalysis } from '../../local-db/types'
import { Badge, EmptyState } from '../../ui/feedback'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { formatDate } from '../../ui/format'
import { SelectField } from '../../ui/fields'
import { useCan } from '../auth/use-can'
import { useSkinAnalyses } from '../customer-card/use-card'
import { UpgradePrompt, useHasFeature } from '../subscription/upgrade-prompt'
import { FaceMap } from './face-map'
import { SeverityLegend, SkinAnalysisForm, SkinPhotoImage } from './skin-analysis-form'
import { SkinAttention, useRefusedSave } from './skin-attention'

/*
 * The customer card's skin analysis (issue 11): the latest analysis at a glance, a new one
 * (offline too: saved on the device, "waiting to be sent" until the server has it), and the
 * history with two dates compared side by side.
 */

type View = 'latest' | 'new' | 'history'

export function SkinAnalysisSection({ customerId, condensed }: { customerId: string; condensed: boolean }) {
  const { t } = useTranslation()
  const analyses = useSkinAnalyses(customerId)
  const mayWrite = useCan('skinAnalysis.write')
  // Issue 22: outside the plan the analyses made before stay readable; a new one is an upgrade away.
  const inPlan = useHasFeature('skinAnalysis')
  const canWrite = mayWrite && inPlan
  const [view, setView] = useState<View>('latest')
  if (!analyses) return <div className="h-24 animate-pulse rounded-xl bg-canvas" />
  const latest = analyses[0] ?? null
  if (view === 'new') return <SkinAnalysisForm customerId={customerId} from={latest} onDone={() => setView('latest')} />
  return (
    <div className="flex flex-col gap-4" data-testid="skin-analysis">
      {mayWrite && !inPlan && <UpgradePrompt feature="skinAnalysis" />}
      <div className="flex flex-wrap gap-2">
        {canWrite && (
          <Button variant="secondary" onClick={() => setView('new')}>
            <Plus aria-hidden className="size-4" /> {t('skin-analysis.new')}
          </Button>
        )}
        {analyses.length > 0 && (
          <Button variant="secondary" onClick={() => setView(view === 'history' ? 'latest' : 'history')}>
            <History aria-hidden className="size-4" />{' '}
            {view === 'history'
              ? t('skin-analysis.showLatest')
              : t('skin-analysis.history', { count: analyses.length })}
          </Button>
        )}
      </div>
      {!latest ? (
        <EmptyState
          icon={<ScanFace aria-hidden className="size-6" />}
          title={t('skin-analysis.emptyTitle')}
          description={canWrite ? t('skin-analysis.emptyWrite') : t('skin-analysis.empty')}
        />
      ) : view === 'history' ? (
        <SkinHistory analyses={analyses} />
      ) : (
        <AnalysisSummary analysis={latest} condensed={condensed} />
      )}
    </div>
  )
}

export function PendingBadge({ a }: { a: LocalSkinAnalysis }) {
  const { t } = useTranslation()
  if (a._error) return <Badge tone="danger">{t('skin-analysis.needsAttention')}</Badge>
  if (a._pending !== 1) return null
  return (
    <Badge tone="warning">
      <CloudUpload aria-hidden className="size-3" /> {t('skin-analysis.pending')}
    </Badge>
  )
}

/** One analysis: day, author, skin type, Fitzpatrick, the face map and the concerns per zone. */
export function AnalysisSummary({
  analysis,
  condensed,
  highlight,
}: {
  analysis: LocalSkinAnalysis | SkinAnalysis
  condensed?: boolean
  highlight?: ReadonlySet<FaceZone>
}) {
  const { t } = useTranslation()
  const refused = useRefusedSave('_error' in analysis && analysis._error ? analysis.id : null)
  const refusedPhoto = refused?.error?.photo
  const byConcern = new Map<string, string[]>()
  for (const f of analysis.findings) {
    const list = byConcern.get(f.concern) ?? []
    list.push(`${t(`skin-analysis.zones.${f.zone}`)} ${f.severity}`)
    byConcern.set(f.concern, list)
  }
  return (
    <article className="flex flex-col gap-3" data-testid="skin-analysis-summary" data-analysis-id={analysis.id}>
      <header className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-ink">{formatDate(analysis.analysedOn)}</h4>
        {analysis.authorName && <span className="text-sm text-muted">· {analysis.authorName}</span>}
        {'_pending' in analysis && <PendingBadge a={analysis} />}
      </header>
      {refused && <SkinAttention entry={refused} />}
      <dl
        className={cx('grid gap-x-4 gap-y-1 text-sm', condensed ? 'grid-cols-[auto_1fr]' : 'sm:grid-cols-[auto_1fr]')}
      >
        <dt className="text-muted">{t('skin-analysis.skinType')}</dt>
        <dd className="text-ink">{analysis.skinType ? t(`skin-analysis.skinTypes.${analysis.skinType}`) : '—'}</dd>
        <dt className="text-muted">{t('skin-analysis.fitzpatrick')}</dt>
        <dd className="text-ink">{analysis.fitzpatrick ?? '—'}</dd>
      </dl>
      <div className={cx('grid items-start gap-4', !condensed && 'sm:grid-cols-[minmax(0,14rem)_1fr]')}>
        {!condensed && (
          <FaceMap findings={analysis.findings} concern={null} highlight={highlight} className="max-w-[14rem]" />
        )}
        {byConcern.size === 0 ? (
          <p className="text-sm text-muted">{t('skin-analysis.noConcerns')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {[...byConcern].map(([c, zones]) => (
              <li key={c}>
                <span className="font-medium text-ink">{t(`skin-analysis.concerns.${c}`)}</span>
                <span className="text-muted"> — {zones.join(', ')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {analysis.notes && <p className="whitespace-pre-wrap text-sm text-ink">{analysis.notes}</p>}
      {analysis.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {analysis.photos.map((p) => (
            <li
              key={p.path}
              className={cx(
                'flex flex-col gap-1 text-xs text-muted',
                p.path === refusedPhoto && 'rounded-lg outline-2 outline-offset-2 outline-[#a23b35]',
              )}
              data-refused={p.path === refusedPhoto ? true : undefined}
            >
              <SkinPhotoImage path={p.path} alt={p.caption || t('skin-analysis.photo')} />
              {p.path === refusedPhoto && (
                <span className="font-medium text-[#a23b35]">{t('skin-analysis.refusedPhoto')}</span>
              )}
              <span>
                {formatDate(p.takenOn)}
                {p.caption ? ` · ${p.caption}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}

/** Every saved analysis by date; two chosen dates side by side, what changed highlighted. */
function SkinHistory({ analyses }: { analyses: LocalSkinAnalysis[] }) {
  const { t } = useTranslation()
  const [leftId, setLeftId] = useState(analyses[1]?.id ?? analyses[0].id)
  const [rightId, setRightId] = useState(analyses[0].id)
  const older = analyses.find((a) => a.id === leftId) ?? analyses[analyses.length - 1]
  const newer = analyses.find((a) => a.id === rightId) ?? analyses[0]
  const changes = compareFindings(older.findings, newer.findings)
  const zones = new Set(changes.map((c) => c.zone))
  const options = analyses.map((a) => ({
    value: a.id,
    label: `${formatDate(a.analysedOn)}${a.authorName ? ` · ${a.authorName}` : ''}${a._pending ? ` · ${t('skin-analysis.pending')}` : ''}`,
  }))
  return (
    <section className="flex flex-col gap-4" aria-label={t('skin-analysis.historyTitle')} data-testid="skin-history">
      <ol className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {analyses.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="skin-history-row">
            <span className="font-medium text-ink">{formatDate(a.analysedOn)}</span>
            {a.authorName && <span className="text-muted">· {a.authorName}</span>}
            <span className="text-muted">
              · {a.skinType ? t(`skin-analysis.skinTypes.${a.skinType}`) : '—'} ·{' '}
              {t('skin-analysis.concernCount', { count: a.findings.length })}
            </span>
            <PendingBadge a={a} />
          </li>
        ))}
      </ol>
      {analyses.length > 1 && (
        <>
          <h4 className="font-display text-lg text-ink">{t('skin-analysis.compare')}</h4>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('skin-analysis.compareFrom')}
              options={options}
              value={older.id}
              onChange={(e) => setLeftId(e.target.value)}
            />
            <SelectField
              label={t('skin-analysis.compareTo')}
              options={options}
              value={newer.id}
              onChange={(e) => setRightId(e.target.value)}
            />
          </div>
          {changes.length === 0 ? (
            <p className="text-sm text-muted">{t('skin-analysis.noChanges')}</p>
          ) : (
            <ul className="flex flex-col gap-1 rounded-xl bg-canvas p-3 text-sm" data-testid="skin-changes">
              {changes.map((c) => (
                <li key={`${c.concern}:${c.zone}`} className={c.after > c.before ? 'text-[#8f302b]' : 'text-[#33653c]'}>
                  {t(`skin-analysis.concerns.${c.concern}`)} · {t(`skin-analysis.zones.${c.zone}`)}:{' '}
                  {t('skin-analysis.changeFromTo', {
                    from: t(`skin-analysis.severity.${c.before}`),
                    to: t(`skin-analysis.severity.${c.after}`),
                  })}
                </li>
              ))}
            </ul>
          )}
          <div className="grid gap-6 md:grid-cols-2">
            <AnalysisSummary analysis={older} highlight={zones} />
            <AnalysisSummary analysis={newer} highlight={zones} />
          </div>
          <SeverityLegend />
        </>
      )}
    </section>
  )
}
