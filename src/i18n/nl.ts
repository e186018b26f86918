import { catalogue } from './catalogue'

/** The Dutch catalogue: its own chunk, loaded by ./index.ts only when Dutch is shown. */
export const NL = catalogue(
  import.meta.glob<string>('./locales/nl/*.json', { eager: true, query: '?raw', import: 'default' }),
)
