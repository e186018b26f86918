import { catalogue } from './catalogue'
import { localeArea } from './contract-english'

/**
 * The English catalogue: its own chunk, loaded by ./index.ts only when English is shown. It
 * carries the contract's English texts (./contract-english.ts), which a Dutch screen never needs.
 */
export const EN = catalogue(
  import.meta.glob<string>('./locales/en/*.json', { eager: true, query: '?raw', import: 'default' }),
  (area, file) => localeArea('en', area, file),
)
