import { type PointerEvent, useRef, useState } from 'react'
import type { Section, Target } from './module-moves'

/** The drop zones' key for the modules without a group. */
export const NO_GROUP = 'none'

/**
 * Dragging a Grow module by its handle within its group and into another one: pointer events
 * (mouse, touch and pen; tablets fire no HTML5 drag and drop), as the questionnaire editor's
 * usePointerReorder, but over every group on the page. A group is a zone
 * (`data-drop-section`), its rows `data-drop-row`; the module lands in the zone under the pointer
 * (or the nearest one), before the first row whose middle is below the pointer.
 */
export function useModuleDrag(sections: Section[], onDrop: (moduleId: string, target: Target) => void) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [drag, setDrag] = useState<{ id: string; from: Target; target: Target } | null>(null)

  const targetAt = (id: string, y: number, fallback: Target): Target => {
    const zones = Array.from(containerRef.current?.querySelectorAll<HTMLElement>('[data-drop-section]') ?? [])
    let zone: HTMLElement | null = null
    let best = Number.POSITIVE_INFINITY
    for (const z of zones) {
      const r = z.getBoundingClientRect()
      const distance = y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0
      if (distance < best) {
        best = distance
        zone = z
      }
    }
    if (!zone) return fallback
    const key = zone.dataset.dropSection
    const rows = Array.from(zone.querySelectorAll<HTMLElement>('[data-drop-row]')).filter(
      (r) => r.dataset.dropRow !== id,
    )
    const index = rows.filter((r) => {
      const b = r.getBoundingClientRect()
      return y > b.top + b.height / 2
    }).length
    return { to: key === NO_GROUP ? null : (key ?? null), index }
  }

  const placeOf = (id: string): Target | null => {
    const s = sections.find((x) => x.moduleIds.includes(id))
    return s ? { to: s.id, index: s.moduleIds.indexOf(id) } : null
  }
  const same = (a: Target, b: Target) => a.to === b.to && a.index === b.index

  const handle = (id: string) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      const from = placeOf(id)
      if (e.button !== 0 || !from) return
      e.preventDefault()
      e.currentTarget.setPointerCapture(e.pointerId)
      setDrag({ id, from, target: from })
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (drag?.id !== id) return
      const target = targetAt(id, e.clientY, drag.target)
      if (!same(target, drag.target)) setDrag({ ...drag, target })
    },
    onPointerUp: () => {
      if (drag?.id !== id) return
      setDrag(null)
      if (!same(drag.target, drag.from)) onDrop(id, drag.target)
    },
    onPointerCancel: () => setDrag(null),
  })

  /** Where the dragged module would land, relative to this row of `sectionId`. */
  const dropMark = (sectionId: string | null, moduleId: string): 'before' | 'after' | null => {
    if (!drag || same(drag.target, drag.from) || drag.target.to !== sectionId || moduleId === drag.id) return null
    const rows = (sections.find((s) => s.id === sectionId)?.moduleIds ?? []).filter((x) => x !== drag.id)
    const pos = rows.indexOf(moduleId)
    if (pos === drag.target.index) return 'before'
    if (pos === rows.length - 1 && drag.target.index === rows.length) return 'after'
    return null
  }
  /** An empty group the dragged module would land in. */
  const dropsInto = (sectionId: string | null) => !!drag && drag.target.to === sectionId && drag.from.to !== sectionId

  return { containerRef, handle, dropMark, dropsInto, draggingId: drag?.id ?? null }
}

export type ModuleDrag = ReturnType<typeof useModuleDrag>
