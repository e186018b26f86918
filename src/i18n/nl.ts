import { catalogue } from './catalogue'

/** The Dutch catalogue: its own chunk, loaded by ./index.ts only when Dutch is shown. */
export const NL = catalogue(
  import.meta.glob<Record<string, unknown>>('./locales/nl/*.json', { eager: true, import: 'default' }),
)
