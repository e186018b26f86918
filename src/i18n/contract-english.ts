import { ERRORS } from '../../contract/errors'
import { CONTRACT_MESSAGES } from '../../contract/messages'

/*
 * The English texts the contract writes are the English locale for their keys: they are written
 * once, in the contract (the spec's text verbatim, what the server sends as `message`), and
 * locales/en/*.json hold only the English the contract does not know. Dutch stays in
 * locales/nl/*.json, key for key (tests/i18n.test.ts). Plain module (no Vite glob), so tests and
 * scripts read the English locale the way the app does.
 */

type Catalogue = { [key: string]: string | Catalogue }

/** `questionnaire.duplicateQuestion` → `{ questionnaire: { duplicateQuestion } }`. */
function nested(flat: Record<string, string>): Catalogue {
  const root: Catalogue = {}
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.')
    let node = root
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {}
      node = node[part] as Catalogue
    }
    node[parts[parts.length - 1]] = text
  }
  return root
}

/** Per locale file (area): the English entries the contract writes. */
export const CONTRACT_ENGLISH: Record<string, Catalogue> = {
  /** Field messages by key (contract/messages.ts CONTRACT_MESSAGES): `validation.<key>`. */
  validation: nested(CONTRACT_MESSAGES),
  /** Error codes (contract/errors.ts ERRORS): `errors.<CODE>`. */
  errors: Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message])),
}

function merged(base: Catalogue, extra: Catalogue): Catalogue {
  const out: Catalogue = { ...base }
  for (const [k, v] of Object.entries(extra)) {
    const b = out[k]
    out[k] = typeof v === 'object' && typeof b === 'object' ? merged(b, v) : v
  }
  return out
}

/**
 * One locale file as the app reads it: for English, the contract's texts of that area with the
 * file's own entries (those the contract does not write) added; any other language as it is.
 */
export function localeArea(lang: string, area: string, file: Record<string, unknown>): Record<string, unknown> {
  const contract = lang === 'en' ? CONTRACT_ENGLISH[area] : undefined
  return contract ? merged(contract, file as Catalogue) : file
}
