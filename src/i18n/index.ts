import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, type Language, STORAGE_KEYS } from '../../contract/enums'

/*
 * Translations are bundled (so they work offline) and split by feature: locales/<lang>/<area>.json
 * becomes the key prefix `<area>.` — e.g. locales/nl/customers.json → t('customers.title').
 * English the contract writes (field messages, error codes) comes from the contract itself
 * (./contract-english.ts); locales/en holds the rest. Every key exists in both languages
 * (tests/i18n.test.ts checks it). See ./README.md.
 *
 * Each language is its own chunk, loaded when it is shown: the first screen parses one language's
 * texts, not both (opening the installed app offline on a slow tablet). The service worker
 * precaches both chunks, so switching works offline too.
 */
const CATALOGUES: Record<Language, () => Promise<Record<string, unknown>>> = {
  nl: () => import('./nl').then((m) => m.NL),
  en: () => import('./en').then((m) => m.EN),
}

/** Makes a language's texts available; resolves once i18n can show it (no raw keys). */
export async function loadLanguage(lang: Language) {
  if (i18n.hasResourceBundle(lang, 'translation')) return
  i18n.addResourceBundle(lang, 'translation', await CATALOGUES[lang]())
}

export function storedLanguage(): Language {
  const v = globalThis.localStorage?.getItem(STORAGE_KEYS.language)
  return v === 'en' || v === 'nl' ? v : DEFAULT_LANGUAGE
}

export async function setLanguage(lang: Language) {
  await loadLanguage(lang)
  localStorage.setItem(STORAGE_KEYS.language, lang)
  document.documentElement.lang = lang
  return i18n.changeLanguage(lang)
}

/*
 * Every number put into a text is written as the reader writes it ("1.234 klanten", "1,5"):
 * Intl in the text's language, so no screen shows a bare "1234" or "1.5" in Dutch. The texts
 * use no named formats ({{x, number}}), so this small formatter replaces i18next's own.
 */
const numberFormatter = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format(value: unknown, _format: string | undefined, lng: string | undefined) {
    return typeof value === 'number' && Number.isFinite(value)
      ? new Intl.NumberFormat(lng ?? 'nl', { maximumFractionDigits: 20 }).format(value)
      : value
  },
}

/*
 * Spec §9 translation defaults: fallback 'dev' → we fall back to Dutch then English keys. Every
 * key exists in both languages, so the shown language's own catalogue answers every key and the
 * fallback never needs the other language loaded. Starts with no texts: main.tsx awaits
 * loadLanguage(storedLanguage()) before the first render.
 */
void i18n
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    resources: {},
    lng: storedLanguage(),
    fallbackLng: ['nl', 'en'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false, maxReplaces: 1000, alwaysFormat: true },
    returnNull: false,
  })

export { i18n }
