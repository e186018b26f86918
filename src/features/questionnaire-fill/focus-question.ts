/**
 * Bring a question into view and put the cursor in its answer (the input, or the first choice
 * button for yes/no, stars and options), so a refused Next or Submit shows what is wrong.
 */
export function focusQuestion(questionId: string) {
  const block = document.getElementById(`q-${questionId}-block`)
  if (!block) return
  block.scrollIntoView({ block: 'center' })
  const target =
    document.getElementById(`q-${questionId}`) ??
    block.querySelector<HTMLElement>('input, textarea, select, button:not([disabled])')
  target?.focus({ preventScroll: true })
}
