import type { KeyboardEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type FaceZone, findingMap, type SkinConcern, type SkinFinding } from '../../../contract/skin-analysis'
import { cx } from '../../ui/cx'

/*
 * The face map (issue 11): an SVG face whose zones are large tap targets. With a concern chosen,
 * tapping a zone steps its severity 0 → 1 → 2 → 3 → 0; Enter or Space does the same from the
 * keyboard. The shading shows the chosen concern's severity per zone; read-only it shows the
 * highest severity of any concern in each zone. Left and right are the customer's own.
 */

type Shape = { zone: FaceZone; el: (props: { className: string }) => ReactNode; label: [number, number] }

const SHAPES: Shape[] = [
  {
    zone: 'forehead',
    el: (p) => <path d="M42 78 Q46 28 100 24 Q154 28 158 78 Q100 66 42 78Z" {...p} />,
    label: [100, 52],
  },
  {
    zone: 'aroundEyes',
    el: (p) => (
      <g {...p}>
        <ellipse cx="70" cy="98" rx="24" ry="13" />
        <ellipse cx="130" cy="98" rx="24" ry="13" />
      </g>
    ),
    label: [100, 98],
  },
  { zone: 'nose', el: (p) => <path d="M90 112 L110 112 L116 146 Q100 154 84 146Z" {...p} />, label: [100, 132] },
  // The customer's right cheek is on the viewer's left.
  { zone: 'rightCheek', el: (p) => <ellipse cx="56" cy="140" rx="24" ry="26" {...p} />, label: [56, 140] },
  { zone: 'leftCheek', el: (p) => <ellipse cx="144" cy="140" rx="24" ry="26" {...p} />, label: [144, 140] },
  { zone: 'mouth', el: (p) => <ellipse cx="100" cy="172" rx="26" ry="11" {...p} />, label: [100, 172] },
  {
    zone: 'chin',
    el: (p) => <path d="M70 192 Q100 186 130 192 Q124 222 100 226 Q76 222 70 192Z" {...p} />,
    label: [100, 206],
  },
  { zone: 'neck', el: (p) => <path d="M74 238 L126 238 L132 290 L68 290Z" {...p} />, label: [100, 266] },
]

const FILL = ['fill-white/0', 'fill-[#f3d9b8]', 'fill-[#e8a87c]', 'fill-[#c8614a]'] as const

type Props = {
  findings: readonly SkinFinding[]
  /** The concern taps mark; null: read-only (each zone shows its highest severity). */
  concern: SkinConcern | null
  onChange?: (findings: SkinFinding[]) => void
  /** Zones to outline (the comparison: changed since the other date). */
  highlight?: ReadonlySet<FaceZone>
  className?: string
}

export function FaceMap({ findings, concern, onChange, highlight, className }: Props) {
  const { t } = useTranslation()
  const map = findingMap(findings)
  const editable = concern !== null && onChange !== undefined
  const severityOf = (zone: FaceZone) =>
    concern
      ? (map.get(`${concern}:${zone}`) ?? 0)
      : Math.max(0, ...findings.filter((f) => f.zone === zone).map((f) => f.severity))
  const step = (zone: FaceZone) => {
    if (!editable || !concern) return
    const next = (severityOf(zone) + 1) % 4
    const rest = findings.filter((f) => !(f.concern === concern && f.zone === zone))
    onChange?.(next === 0 ? rest : [...rest, { concern, zone, severity: next }])
  }
  const onKey = (e: KeyboardEvent, zone: FaceZone) => {
    if (e.key !== 'Enter' && e.key !== ' ') return
    e.preventDefault()
    step(zone)
  }
  return (
    <svg
      viewBox="0 0 200 300"
      aria-label={t('skin-analysis.faceMap')}
      className={cx('h-auto w-full touch-manipulation select-none', className ?? 'max-w-xs')}
    >
      <title>{t('skin-analysis.faceMap')}</title>
      <ellipse cx="100" cy="125" rx="82" ry="108" className="fill-[#fbf4ec] stroke-line" strokeWidth="2" />
      {SHAPES.map(({ zone, el, label }) => {
        const s = severityOf(zone)
        const name = t(`skin-analysis.zones.${zone}`)
        const what = concern ? t(`skin-analysis.concerns.${concern}`) : ''
        const aria = `${name}${what ? `, ${what}` : ''}: ${t(`skin-analysis.severity.${s}`)}`
        const shape = el({
          className: cx(
            FILL[s],
            'stroke-[#b9a58f] transition-colors',
            highlight?.has(zone) && 'stroke-primary-dark [stroke-width:4]',
            editable && 'hover:stroke-primary-dark',
          ),
        })
        const mark = s > 0 && (
          <text
            x={label[0]}
            y={label[1] + 5}
            textAnchor="middle"
            className="pointer-events-none fill-ink text-[14px] font-semibold"
          >
            {s}
          </text>
        )
        if (!editable)
          return (
            <g key={zone} data-zone={zone} data-severity={s}>
              <title>{aria}</title>
              {shape}
              {mark}
            </g>
          )
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG zone cannot be a <button>; it has the role and keys of one
          <g
            key={zone}
            role="button"
            tabIndex={0}
            aria-label={aria}
            data-zone={zone}
            data-severity={s}
            onClick={() => step(zone)}
            onKeyDown={(e) => onKey(e, zone)}
            className="cursor-pointer outline-none focus-visible:[&>*]:stroke-primary-dark"
          >
            {shape}
            {mark}
          </g>
        )
      })}
    </svg>
  )
}
