import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Issue 20 #3: every form drawer and dialog goes through the one form engine (src/ui/form):
 * no feature keeps its own "dirty" by comparing JSON strings, nor uses the helpers it replaced,
 * nor keeps busy, dirty or field messages in its own state beside a drawer, dialog or form frame
 * (the engine's `isBusy`, `isDirty` and `messages` are those).
 */
const FEATURES = path.join(import.meta.dirname, '..', 'src', 'features')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Comparing form values as JSON: `JSON.stringify(a) !== JSON.stringify(b)`, or against a kept baseline. */
const STRINGIFY_COMPARE = /JSON\.stringify\([^\n]*(?:[!=]==|baseline)|(?:[!=]==|baseline)[^\n]*JSON\.stringify\(/
const OLD_HELPERS = /\b(?:useFormSubmit|useFieldErrors|FormDrawerFooter)\b/
/** A file that draws a drawer or dialog frame, or a form of the engine. */
const FORM_FRAME = /<(?:Drawer|Modal|FormDrawer|FormModal|EntityFormElement)\b/
/**
 * Form state kept by hand: a useState named for busy, dirty or field messages
 * (`const [saving, setSaving] = useState(false)`), or a map of messages by field.
 */
const OWN_FORM_STATE =
  /const \[(?:is)?(?:busy|saving|sending|submitting|dirty|baseline|validated|showErrors|fieldErrors|serverErrors|errors)\b[^\]]*\]\s*=\s*useState|useState<Record<string,\s*string>>/i

const rel = (f: string) => path.relative(FEATURES, f)

describe('forms go through the form engine', () => {
  const all = files(FEATURES)

  it('forms: no feature compares form values with JSON.stringify', () => {
    const offenders = all.filter((f) => STRINGIFY_COMPARE.test(readFileSync(f, 'utf8'))).map(rel)
    expect(offenders).toEqual([])
  })

  it('forms: no feature uses the helpers the engine replaced', () => {
    const offenders = all.filter((f) => OLD_HELPERS.test(readFileSync(f, 'utf8'))).map(rel)
    expect(offenders).toEqual([])
  })

  it('forms: no form drawer, dialog or engine form keeps its own busy, dirty or field-message state', () => {
    const offenders = all
      .map((f) => [f, readFileSync(f, 'utf8')] as const)
      .filter(([, text]) => FORM_FRAME.test(text) && OWN_FORM_STATE.test(text))
      .map(([f]) => rel(f))
    expect(offenders).toEqual([])
  })
})
