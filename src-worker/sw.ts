/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { MEDIA_CACHE } from '../src/local-db/media-caches'

declare const self: ServiceWorkerGlobalScope

/*
 * The installed app opens offline: the shell, the JS/CSS (locales are bundled into it), fonts and
 * icons are precached at install. A new version waits until the user accepts the update prompt
 * (src/features/pwa): we never take over a page that may hold an open form or unsent work.
 */
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every app route (/, /admin, /{slug}/…) is the single-page shell; the server's own paths are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/storage(\/|$)/, /^\/dev(\/|$)/, /^\/health-check/],
  }),
)

// Grow audio (`/storage/<org>/audio/<uuid>.mp3`): cached whole on first play or when the user
// saves it for offline (src/features/grow-audio/offline-audio.ts puts it in this cache), and
// served from that copy with range requests (a 206 cut from the cached 200), so seeking works
// offline. The media element's own range request is never cached: the whole file is fetched.
const AUDIO_PATH = /^\/storage\/[^/]+\/audio\/[^/]+\.mp3$/
const wholeFile = (request: Request) => {
  if (!request.headers.has('range')) return request
  const headers = new Headers(request.headers)
  headers.delete('range')
  return new Request(request.url, { headers, credentials: 'same-origin', cache: 'no-store' })
}
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && AUDIO_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE.audio,
    plugins: [
      // A miss fetches the whole file (no Range), so the 200 can be cached; the element copes with a 200.
      { requestWillFetch: async ({ request }) => wholeFile(request) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    ],
  }),
)

// PDF documents (`/storage/<org>/pdf/<uuid>.pdf`, issue 12): a version never changes, so the copy
// a customer or tablet opened once is served from cache, offline too (the reader fetches it, so
// an <object>, which a service worker never sees, shows it from a blob). Whole file and ranges as audio.
const PDF_PATH = /^\/storage\/[^/]+\/pdf\/[^/]+\.pdf$/
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && PDF_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE.pdf,
    plugins: [
      { requestWillFetch: async ({ request }) => wholeFile(request) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
)

// Other uploaded files (images, documents, icons): shown from cache, refreshed in the background.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/storage/'),
  new StaleWhileRevalidate({
    cacheName: MEDIA_CACHE.files,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

self.addEventListener('message', (event) => {
  // Sent by the update prompt when the user clicks "update" (workbox-window messageSkipWaiting).
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The very first install has no page to protect: control it at once so it works offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
