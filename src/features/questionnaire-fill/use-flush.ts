import { useEffect } from 'react'
import { flushQueued } from './customer-source'

/** Sends submissions that waited for a connection: now, and whenever the browser is back online. */
export function useFlushOnReconnect(token: string | null) {
  useEffect(() => {
    if (!token) return
    const run = () => void flushQueued(token).catch(() => undefined)
    run()
    window.addEventListener('online', run)
    return () => window.removeEventListener('online', run)
  }, [token])
}
