import * as Comlink from 'comlink'
import { useEffect, useState } from 'react'
import type { CsvWorkerApi } from '../../../shared/csv/worker-api'

/**
 * The CSV worker while the import drawer is open (started like the sync worker); closing the
 * drawer ends it and frees the file's rows.
 */
export function useCsvWorker(open: boolean): Comlink.Remote<CsvWorkerApi> | null {
  const [remote, setRemote] = useState<Comlink.Remote<CsvWorkerApi> | null>(null)
  useEffect(() => {
    if (!open || typeof Worker === 'undefined') return
    const w = new Worker(new URL('../../../src-worker/csv/worker.ts', import.meta.url), { type: 'module' })
    setRemote(() => Comlink.wrap<CsvWorkerApi>(w))
    return () => {
      setRemote(null)
      w.terminate()
    }
  }, [open])
  return remote
}
