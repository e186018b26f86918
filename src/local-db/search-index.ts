import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreRangeType,
  DBCoreTransaction,
  Middleware,
} from 'dexie'
import { type CustomerSearchBatch, type CustomerSearchEntry, isGone, RESET_ID, searchRowOf } from './search-text'
import type { LocalCustomer } from './types'

/*
 * Keeps `customerSearchLog` (issue 21 #7) in step with `customers` in every transaction that
 * writes customers — pull pages, local creates and edits, discards, tombstones and departures, a
 * cleared entity — in this tab and in the sync worker alike, without each writer having to
 * remember it: a Dexie middleware widens any read-write transaction over `customers` to the log
 * and appends the search rows of each write as one batch under the next `seq`, in the same
 * transaction (both or neither). An open search reads only the batches since it last looked.
 * When the log holds many batches it is folded into a few (one entry per customer, the latest).
 */

const CUSTOMERS = 'customers'
const LOG = 'customerSearchLog'
const ANY = { type: 3 as DBCoreRangeType, lower: undefined, upper: undefined }
/** Batches held before they are folded: each customer edit adds one. */
export const COMPACT_AT = 256
/** Entries per batch when the log is rewritten (folded, or rebuilt after a cleared table). */
const CHUNK = 5000

/** Writes `entries` as batches from `seq` on, after a reset marker: open searches read everything again. */
async function rewrite(down: DBCore, trans: DBCoreTransaction, seq: number, entries: CustomerSearchEntry[]) {
  const log = down.table(LOG)
  await log.mutate({ type: 'deleteRange', trans, range: ANY })
  const all: CustomerSearchEntry[] = [{ id: RESET_ID, gone: 1 }, ...entries]
  const values: CustomerSearchBatch[] = []
  for (let i = 0; i < all.length; i += CHUNK)
    values.push({ seq: seq + values.length, entries: all.slice(i, i + CHUNK) })
  await log.mutate({ type: 'put', trans, values })
}

/** Folds the log: the latest entry of each customer still in the replica, in few batches. */
async function compact(down: DBCore, trans: DBCoreTransaction, seq: number) {
  const all = await down
    .table(LOG)
    .query({ trans, query: { index: down.table(LOG).schema.primaryKey, range: ANY }, values: true })
  const latest = new Map<string, CustomerSearchEntry>()
  for (const batch of all.result as CustomerSearchBatch[])
    for (const e of batch.entries) {
      if (e.id === RESET_ID) latest.clear()
      else if (isGone(e)) latest.delete(e.id)
      else latest.set(e.id, e)
    }
  await rewrite(down, trans, seq, [...latest.values()])
}

async function follow(down: DBCore, req: DBCoreMutateRequest, res: DBCoreMutateResponse) {
  const log = down.table(LOG)
  const { trans } = req
  const everything = { index: log.schema.primaryKey, range: ANY }
  const last = await log.query({ trans, query: everything, limit: 1, direction: 'prev', values: false })
  const seq = ((last.result[0] as number | undefined) ?? 0) + 1
  if (req.type === 'deleteRange') {
    // A cleared table (a refilled or withheld entity): the log starts again from what is left.
    const customers = down.table(CUSTOMERS)
    const left = await customers.query({
      trans,
      query: { index: customers.schema.primaryKey, range: ANY },
      values: true,
    })
    return rewrite(down, trans, seq, (left.result as LocalCustomer[]).map(searchRowOf))
  }
  const entries: CustomerSearchEntry[] =
    req.type === 'delete'
      ? req.keys.map((id: string) => ({ id, gone: 1 }))
      : (req.values as LocalCustomer[]).filter((_, i) => !res.failures[i]).map(searchRowOf)
  if (!entries.length) return
  await log.mutate({ type: 'put', trans, values: [{ seq, entries } satisfies CustomerSearchBatch] })
  if ((await log.count({ trans, query: everything })) > COMPACT_AT) await compact(down, trans, seq + 1)
}

export const customerSearchMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CustomerSearch',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.includes(CUSTOMERS) && !stores.includes(LOG) ? [...stores, LOG] : stores,
        mode,
        options,
      ),
    table: (name) => {
      const table = down.table(name)
      if (name !== CUSTOMERS) return table
      return {
        ...table,
        mutate: async (req) => {
          const res = await table.mutate(req)
          await follow(down, req, res)
          return res
        },
      }
    },
  }),
}
