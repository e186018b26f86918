import { useLayoutEffect, useRef, useState } from 'react'
import { type Box, toastColumn, toastTop } from './toast-placement'

/** Below the staff header (sync pill, profile) and a drawer's title bar: 5.5rem. */
const PREFERRED_TOP = 88

/*
 * What a toast must leave visible (issue 21 #19), found the same way on every screen so no screen
 * places its own toasts: the control just pressed, tab rows and primary actions (a form's submit
 * button, or anything marked data-primary-action) of the top-most layer — a drawer or dialog when
 * one is open, else the page.
 */
const KEEP_CLEAR = '[role="tablist"], button[type="submit"], [data-primary-action]'
const PRESSABLE = 'button, a[href], [role="button"], [role="tab"], input[type="submit"]'

let lastPressed: Element | null = null
let listening = false
function listenForPresses() {
  if (listening || typeof document === 'undefined') return
  listening = true
  // Capture: a control that closes or re-renders in its own click handler is still recorded.
  document.addEventListener('pointerdown', (e) => remember(e.target), true)
  document.addEventListener('click', (e) => remember(e.target), true)
}
function remember(target: EventTarget | null) {
  const pressed = target instanceof Element ? target.closest(PRESSABLE) : null
  if (pressed) lastPressed = pressed
}

function topLayer(): ParentNode {
  const layers = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(shown)
  return layers.at(-1) ?? document
}

function shown(el: Element): boolean {
  const r = el.getBoundingClientRect()
  return r.width > 0 && r.height > 0
}

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect()
  return { top: r.top, left: r.left, width: r.width, height: r.height }
}

function keepClear(): Box[] {
  const els = [...topLayer().querySelectorAll(KEEP_CLEAR)]
  if (lastPressed?.isConnected) els.push(lastPressed)
  return els.filter(shown).map(boxOf)
}

/**
 * The notification host's top, kept clear of what the person works with while toasts show:
 * measured before paint when they change, then every frame (a drawer sliding in, a scroll).
 */
export function useToastTop(active: boolean) {
  const ref = useRef<HTMLElement>(null)
  const [top, setTop] = useState(PREFERRED_TOP)
  listenForPresses()
  useLayoutEffect(() => {
    if (!active) {
      setTop(PREFERRED_TOP)
      return
    }
    let frame = 0
    const place = () => {
      const stack = ref.current
      if (stack) {
        const viewport = { width: window.innerWidth, height: window.innerHeight }
        const column = toastColumn(viewport.width)
        const height = stack.offsetHeight
        setTop(
          toastTop({ viewport, stack: { ...column, height }, preferredTop: PREFERRED_TOP, keepClear: keepClear() }),
        )
      }
      frame = requestAnimationFrame(place)
    }
    place()
    return () => cancelAnimationFrame(frame)
  }, [active])
  return { ref, top }
}
