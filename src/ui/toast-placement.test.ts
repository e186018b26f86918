import { describe, expect, it } from 'vitest'
import { type Box, toastColumn, toastTop } from './toast-placement'

const tablet = { width: 1024, height: 768 }
const phone = { width: 390, height: 844 }
const stackOn = (vw: number, height = 72) => ({ ...toastColumn(vw), height })
const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height })

describe('toast placement (issue 21 #19)', () => {
  it('toasts: top right, 24 from the edge and 384 wide; full width on a phone', () => {
    expect(toastColumn(1024)).toEqual({ left: 616, width: 384 })
    expect(toastColumn(390)).toEqual({ left: 16, width: 358 })
  })

  it('toasts: with nothing to keep clear the stack sits at the preferred top', () => {
    expect(toastTop({ viewport: tablet, stack: stackOn(1024), preferredTop: 88, keepClear: [] })).toBe(88)
  })

  it('toasts: a pressed Save button under the preferred place moves the stack just below it', () => {
    const save = box(880, 120, 120, 44)
    expect(toastTop({ viewport: tablet, stack: stackOn(1024), preferredTop: 88, keepClear: [save] })).toBe(176)
  })

  it('toasts: a box outside the column (left of it) does not move the stack', () => {
    const button = box(300, 100, 120, 44)
    expect(toastTop({ viewport: tablet, stack: stackOn(1024), preferredTop: 88, keepClear: [button] })).toBe(88)
  })

  it('toasts: on a phone drawer the stack clears the tabs and the footer’s primary action', () => {
    const tabs = box(0, 72, 390, 48)
    const save = box(230, 780, 144, 44)
    const top = toastTop({ viewport: phone, stack: stackOn(390), preferredTop: 88, keepClear: [tabs, save] })
    expect(top).toBe(132)
    expect(top + 72).toBeLessThan(780)
  })

  it('toasts: boxes stacked below one another push the stack past all of them', () => {
    const keepClear = [box(600, 80, 400, 40), box(600, 130, 400, 40)]
    expect(toastTop({ viewport: tablet, stack: stackOn(1024), preferredTop: 88, keepClear })).toBe(182)
  })

  it('toasts: when no place is clear the preferred top stands', () => {
    const wall = box(0, 0, 1024, 768)
    expect(toastTop({ viewport: tablet, stack: stackOn(1024), preferredTop: 88, keepClear: [wall] })).toBe(88)
  })
})
