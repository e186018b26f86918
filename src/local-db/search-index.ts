import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreRangeType, Middleware } from 'dexie'
import { type CustomerSearchEntry, RESET_ID, searchRowOf } from './search-text'
import type { LocalCustomer } from './types'

/*
 * Keeps `customerSearch` (issue 21 #7) in step with `customers` in every transaction that writes
 * customers — pull pages, local creates and edits, discards, tombstones and departures, a cleared
 * entity — in this tab and in the sync worker alike, without each writer having to remember it:
 * a Dexie middleware widens any read-write transaction over `customers` to the search table and
 * writes the search row of each customer row written, in the same transaction (both or neither).
 * Each write takes the next `seq`, so an open search reads only what changed since it last looked.
 */

const CUSTOMERS = 'customers'
const SEARCH = 'customerSearch'
const ANY = { type: 3 as DBCoreRangeType, lower: undefined, upper: undefined }

async function follow(down: DBCore, req: DBCoreMutateRequest, res: DBCoreMutateResponse) {
  const search = down.table(SEARCH)
  const seqIndex = search.schema.getIndexByKeyPath('seq')!
  const last = await search.query({
    trans: req.trans,
    query: { index: seqIndex, range: ANY },
    limit: 1,
    direction: 'prev',
    values: true,
  })
  const seq = ((last.result[0] as CustomerSearchEntry | undefined)?.seq ?? 0) + 1
  let values: CustomerSearchEntry[]
  if (req.type === 'add' || req.type === 'put')
    values = (req.values as LocalCustomer[]).filter((_, i) => !res.failures[i]).map((c) => searchRowOf(c, seq))
  else if (req.type === 'delete') values = req.keys.map((id: string) => ({ id, seq, gone: 1 }))
  else {
    // A cleared table (a refilled or withheld entity): open searches start over.
    await search.mutate({ type: 'deleteRange', trans: req.trans, range: req.range })
    values = [{ id: RESET_ID, seq, gone: 1 }]
  }
  if (values.length) await search.mutate({ type: 'put', trans: req.trans, values })
}

export const customerSearchMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CustomerSearch',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.includes(CUSTOMERS) && !stores.includes(SEARCH) ? [...stores, SEARCH] : stores,
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
