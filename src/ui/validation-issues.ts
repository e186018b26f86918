import type { TFunction } from 'i18next'
import { FIELD_CODES } from '../../contract/errors'

const num = (lang: string, v: unknown) =>
  typeof v === 'number' ? new Intl.NumberFormat(lang).format(v) : typeof v === 'string' ? v : ''

/** Which catalogue entry fits a size limit: characters, items, a number, a date. */
function sizeKind(origin: unknown): string {
  if (origin === 'string') return 'string'
  if (origin === 'array' || origin === 'set') return 'array'
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return 'number'
  if (origin === 'date') return 'date'
  if (origin === 'file') return 'file'
  return 'other'
}

/**
 * The catalogue text (locales/<lang>/validation.json → `zod.*`) for an issue code and its
 * parameters. Codes we do not know yet get the general "not valid" text, never zod's English.
 */
export function translateIssueCode(t: TFunction, code: string, params: Record<string, unknown> = {}): string {
  const lang = t('common.locale', { defaultValue: 'nl-NL' })
  switch (code) {
    case 'too_big': {
      const kind = sizeKind(params.origin)
      const maximum = num(lang, params.maximum)
      if (params.exact) return t(`validation.zod.exact.${kind}`, { count: Number(params.maximum), n: maximum })
      if (params.inclusive === false && (kind === 'number' || kind === 'date'))
        return t(`validation.zod.tooBigExclusive.${kind}`, { maximum })
      return t(`validation.zod.tooBig.${kind}`, { count: Number(params.maximum), maximum })
    }
    case 'too_small': {
      const kind = sizeKind(params.origin)
      const minimum = num(lang, params.minimum)
      // "at least 1 character" is how zod says a trimmed text is empty: say it is required.
      if ((kind === 'string' || kind === 'array') && Number(params.minimum) === 1 && !params.exact)
        return t('validation.required')
      if (params.exact) return t(`validation.zod.exact.${kind}`, { count: Number(params.minimum), n: minimum })
      if (params.inclusive === false && (kind === 'number' || kind === 'date'))
        return t(`validation.zod.tooSmallExclusive.${kind}`, { minimum })
      return t(`validation.zod.tooSmall.${kind}`, { count: Number(params.minimum), minimum })
    }
    case 'invalid_format': {
      const format = typeof params.format === 'string' ? params.format : ''
      if (format === 'email') return t('validation.email')
      const key = ['url', 'uuid', 'date', 'datetime', 'time', 'regex'].includes(format) ? format : 'other'
      return t(`validation.zod.format.${key}`)
    }
    case 'invalid_type':
      return t('validation.zod.invalidType')
    case 'invalid_value':
      return t('validation.zod.invalidValue')
    case 'not_multiple_of':
      return t('validation.zod.notMultipleOf', { divisor: num(lang, params.divisor) })
    case 'unrecognized_keys':
      return t('validation.zod.unrecognizedKeys', {
        keys: Array.isArray(params.keys) ? params.keys.join(', ') : '',
      })
    // Our own field codes (contract/errors.ts FIELD_CODES).
    case FIELD_CODES.textUnstorable:
      return t('validation.zod.textUnstorable')
    case FIELD_CODES.tooDeep:
      return t('validation.zod.tooDeep')
    case FIELD_CODES.idTaken:
      return t('validation.zod.idTaken')
    default:
      return t('validation.zod.invalid')
  }
}
