/// <reference lib="webworker" />
import { precacheAndRoute } from 'workbox-precaching'

declare const self: ServiceWorkerGlobalScope

// TODO(sw): navigation fallback, media caches, update prompt.
precacheAndRoute(self.__WB_MANIFEST)
