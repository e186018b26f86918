import { FIELD_CODES, FIELD_MSG, type FieldError } from '../../contract/errors'

/**
 * Text PostgreSQL (and PGlite) cannot store: NUL, which `text` and `jsonb` refuse with a data
 * exception, and lone UTF-16 surrogates, which `jsonb` refuses and `text` silently turns into
 * U+FFFD (the stored value would differ from the one sent).
 */
const UNSTORABLE = /[\0\p{Cs}]/u
export const isStorableText = (s: string) => !UNSTORABLE.test(s)

/**
 * Deepest JSON nesting any request may carry. Our richest body (a questionnaire with questions,
 * options and conditions) stays under 10; recursive code (hashing, JSON.stringify, the database
 * driver) must never meet a value deep enough to overflow the stack.
 */
export const MAX_DEPTH = 32

/** A path segment that matches any key or index, for `skip`. */
export const ANY = '*'

const unstorable = (path: string): FieldError => ({
  path,
  code: FIELD_CODES.textUnstorable,
  message: FIELD_MSG.textUnstorable,
})
const tooDeep = (path: string): FieldError => ({
  path,
  code: FIELD_CODES.tooDeep,
  params: { maximum: MAX_DEPTH },
  message: FIELD_MSG.tooDeep,
})

/** A path as shown to the caller; a key that itself is unstorable is shown with U+FFFD. */
const show = (path: (string | number)[]) => path.map((p) => String(p).replace(/[\0\p{Cs}]/gu, '\uFFFD')).join('.')

const matches = (path: (string | number)[], pattern: string[]) =>
  path.length === pattern.length && pattern.every((p, i) => p === ANY || p === String(path[i]))

/**
 * The first value in `input` the database cannot take: unstorable text (in a value or a key) or
 * nesting beyond MAX_DEPTH. Iterative and bounded by MAX_DEPTH, so a hostile value costs no
 * more than its size. `skip` names subtrees checked elsewhere (a sync push checks each
 * mutation's args on its own, so one bad mutation is rejected and the rest still apply).
 */
export function findUnstorable(
  input: unknown,
  prefix: (string | number)[] = [],
  skip: string[][] = [],
): FieldError | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: prefix }]
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] }
    if (typeof value === 'string') {
      if (!isStorableText(value)) return unstorable(show(path))
      continue
    }
    if (!value || typeof value !== 'object') continue
    if (skip.some((s) => matches(path, s))) continue
    if (path.length - prefix.length >= MAX_DEPTH) return tooDeep(show(path))
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value)
    for (const [k, v] of entries.reverse()) {
      if (typeof k === 'string' && !isStorableText(k)) return unstorable(show([...path, k]))
      stack.push({ value: v, path: [...path, k] })
    }
  }
  return null
}
