import { type PointerEvent, useRef, useState } from 'react'

export type DragItemProps = {
  /** This item is being dragged. */
  dragging: boolean
  /** Where the dragged item would land, relative to this item. */
  dropMark: 'before' | 'after' | null
  handle: {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void
    onPointerMove: (e: PointerEvent<HTMLElement>) => void
    onPointerUp: (e: PointerEvent<HTMLElement>) => void
    onPointerCancel: () => void
  }
}

/**
 * Drag to reorder with pointer events (mouse, touch and pen alike, unlike HTML5 drag and drop,
 * which tablets do not fire). The handle captures the pointer; the landing place is where the
 * pointer passes the middle of the other rows. Small enough not to need a library.
 */
export function usePointerReorder(count: number, onMove: (from: number, to: number) => void) {
  const listRef = useRef<HTMLOListElement>(null)
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null)

  const targetFor = (from: number, y: number) => {
    const rows = Array.from(listRef.current?.children ?? [])
    let to = 0
    rows.forEach((row, j) => {
      if (j === from) return
      const r = row.getBoundingClientRect()
      if (y > r.top + r.height / 2) to++
    })
    return Math.min(to, count - 1)
  }

  const itemProps = (i: number): DragItemProps => ({
    dragging: drag?.from === i,
    dropMark: !drag || drag.to === drag.from || drag.to !== i ? null : drag.to < drag.from ? 'before' : 'after',
    handle: {
      onPointerDown: (e) => {
        if (e.button !== 0) return
        e.preventDefault()
        e.currentTarget.setPointerCapture(e.pointerId)
        setDrag({ from: i, to: i })
      },
      onPointerMove: (e) => {
        if (drag?.from !== i) return
        const to = targetFor(i, e.clientY)
        if (to !== drag.to) setDrag({ from: i, to })
      },
      onPointerUp: () => {
        if (drag?.from !== i) return
        setDrag(null)
        if (drag.to !== drag.from) onMove(drag.from, drag.to)
      },
      onPointerCancel: () => setDrag(null),
    },
  })
  return { listRef, itemProps }
}
