/*
 * Where the notification stack goes (issue 21 #19): top right as the spec says (§9: 24 from the
 * edge, 384 wide), but never over what the person is working with — the button just pressed, a
 * row of tabs, the primary action. Pure, so the rule is tested without a browser; the host
 * (notifications.tsx) measures and calls it.
 */

export type Box = { top: number; left: number; width: number; height: number }

export type ToastLayout = {
  viewport: { width: number; height: number }
  /** The stack's own size (its column is fixed; only its top moves). */
  stack: { left: number; width: number; height: number }
  /** The preferred top: below the staff header and a drawer's title bar. */
  preferredTop: number
  /** What the stack must not cover. */
  keepClear: Box[]
  /** Space kept between the stack and what it avoids, and at the bottom edge. */
  gap?: number
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height

/** The stack's column the spec asks for: 24 from the right edge and 384 wide, full width (16 each side) on a phone. */
export function toastColumn(viewportWidth: number): { left: number; width: number } {
  if (viewportWidth < 640) return { left: 16, width: Math.max(0, viewportWidth - 32) }
  return { left: viewportWidth - 24 - 384, width: 384 }
}

/**
 * The top of the stack: the preferred one when it covers nothing to keep clear, else the highest
 * place just below or above one of those boxes (or at the bottom edge) that covers none of them.
 * Never above the preferred top (the header stays visible). When nothing fits (a screen full of
 * tabs and buttons) the preferred top stands.
 */
export function toastTop(p: ToastLayout): number {
  const gap = p.gap ?? 12
  const lowest = p.viewport.height - gap - p.stack.height
  const candidates = [
    p.preferredTop,
    ...p.keepClear.flatMap((b) => [b.top + b.height + gap, b.top - gap - p.stack.height]),
    lowest,
  ]
    .filter((top) => top >= p.preferredTop && top <= Math.max(lowest, p.preferredTop))
    .sort((a, b) => a - b)
  const clear = (top: number) =>
    !p.keepClear.some((b) => overlaps({ top, left: p.stack.left, width: p.stack.width, height: p.stack.height }, b))
  return candidates.find(clear) ?? p.preferredTop
}
