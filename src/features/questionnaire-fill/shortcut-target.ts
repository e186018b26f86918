/**
 * Where a shortcut link leads after code sign-in: kept for this tab only (sessionStorage), so
 * the customer area prefills the e-mail and opens the questionnaire once signed in.
 */
export type ShortcutTarget = { slug: string; questionnaireId: string; email: string }
const KEY = 'fill-shortcut'

export function setShortcutTarget(t: ShortcutTarget) {
  sessionStorage.setItem(KEY, JSON.stringify(t))
}

export function shortcutTarget(slug: string): ShortcutTarget | null {
  try {
    const t = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ShortcutTarget | null
    return t && t.slug === slug ? t : null
  } catch {
    return null
  }
}

export function clearShortcutTarget() {
  sessionStorage.removeItem(KEY)
}
