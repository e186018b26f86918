const INVALID =
  'input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"], [aria-invalid="true"] input, [aria-invalid="true"] button'

/** At most this many frames for an opened tab to show its field (a render, a transition). */
const MAX_FRAMES = 30

/**
 * Put the cursor on the first field marked invalid in a form (or dialog), scrolled into view:
 * after a refused submit the person sees what to fix instead of a button that did nothing. A
 * field in a closed tab or section (issue 21 #19: the questionnaire editor's Edit tab on a
 * tablet) is opened first, so the cursor never lands on something hidden.
 */
export function focusFirstInvalid(from: Element | null) {
  const root = from?.closest('form, [role="dialog"]') ?? document
  const field = root.querySelector<HTMLElement>(INVALID)
  if (!field) return
  if (!reveal(field)) return put(field)
  let frames = 0
  const whenShown = () => {
    if (field.getClientRects().length > 0 || ++frames > MAX_FRAMES) put(field)
    else requestAnimationFrame(whenShown)
  }
  requestAnimationFrame(whenShown)
}

function put(field: HTMLElement) {
  field.focus({ preventScroll: true })
  field.scrollIntoView({ block: 'center' })
}

/**
 * Opens what hides the field: a hidden tab panel through its tab (`aria-controls`, the tab's own
 * click handler switches), a closed <details>. True when something was opened.
 */
function reveal(field: HTMLElement): boolean {
  let opened = false
  for (let el = field.parentElement; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open) {
      el.open = true
      opened = true
    }
    if (el.hidden && el.getAttribute('role') === 'tabpanel' && el.id) {
      const tab = document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${CSS.escape(el.id)}"]`)
      tab?.click()
      opened ||= !!tab
    }
  }
  return opened
}
