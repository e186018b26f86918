import { useLiveQuery } from 'dexie-react-hooks'

/**
 * A live query about ONE thing (a customer, a questionnaire, a submission), answered only with
 * the result for the key asked for. Dexie's `useLiveQuery` keeps returning the previous result
 * while a query for new deps runs; a form that initialises itself from "the first result" then
 * takes the previously opened customer's values and saving writes them onto this one (issue 7 #1).
 * Here a result made for another key reads as "still loading" (undefined), never as this row.
 *
 * Returns the row, null when there is none, undefined while loading (or when `key` is empty).
 */
export function useLiveRow<T>(
  key: string | null | undefined,
  query: (key: string) => Promise<T | null | undefined>,
  deps: unknown[],
): T | null | undefined {
  const result = useLiveQuery(async () => (key ? { key, row: (await query(key)) ?? null } : null), [key, ...deps])
  if (!key) return null
  return result && result.key === key ? result.row : undefined
}

/** The same guard for a live list about one thing (a customer's outbox, their submissions). */
export function useLiveList<T>(
  key: string | null | undefined,
  query: (key: string) => Promise<T[]>,
  deps: unknown[],
): T[] | undefined {
  const result = useLiveQuery(async () => (key ? { key, rows: await query(key) } : null), [key, ...deps])
  if (!key) return []
  return result && result.key === key ? result.rows : undefined
}
