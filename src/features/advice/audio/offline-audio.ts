import { MEDIA_CACHE } from '../../../local-db/media-caches'
import { useCallback, useEffect, useState } from 'react'

/*
 * Grow audio kept on the device: the service worker's 'storage-audio' cache (src-worker/sw.ts)
 * holds the whole file and serves seeks from it as 206s. Playing a file caches it; "save for
 * offline" puts it there before anyone plays it.
 */

const hasCaches = () => typeof caches !== 'undefined'
const absolute = (url: string) => new URL(url, location.href).href

export async function isAvailableOffline(url: string): Promise<boolean> {
  if (!hasCaches()) return false
  const cache = await caches.open(MEDIA_CACHE.audio)
  return !!(await cache.match(absolute(url)))
}

/** Fetches the whole file (with the storage cookie) and keeps it in the audio cache. */
export async function saveForOffline(url: string): Promise<void> {
  const cache = await caches.open(MEDIA_CACHE.audio)
  const res = await fetch(absolute(url), { credentials: 'same-origin', cache: 'no-store' })
  if (res.status !== 200) throw new Error(`storage answered ${res.status}`)
  await cache.put(absolute(url), res)
}

/** Whether `url` is on the device, refreshed after playing and after saving. */
export function useOfflineAudio(url: string) {
  const [state, setState] = useState<'unknown' | 'offline' | 'online-only' | 'saving' | 'failed'>('unknown')
  const refresh = useCallback(async () => {
    const yes = await isAvailableOffline(url).catch(() => false)
    setState((s) => (s === 'saving' ? s : yes ? 'offline' : 'online-only'))
  }, [url])
  useEffect(() => {
    void refresh()
  }, [refresh])
  const save = useCallback(async () => {
    setState('saving')
    try {
      await saveForOffline(url)
      setState('offline')
    } catch {
      setState('failed')
    }
  }, [url])
  return { state, save, refresh, supported: hasCaches() }
}
