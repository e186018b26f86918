import '@fontsource/inter/300.css'
import '@fontsource/inter/400.css'
import '@fontsource/inter/500.css'
import '@fontsource/inter/700.css'
import '@fontsource/playfair-display/400.css'
import '@fontsource/playfair-display/500.css'
import './styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { queryClient } from './api/query'
import { AppErrorBoundary } from './features/app/error-boundary'
import { keepStorageAccess } from './features/auth/storage-access'
import { initSentry } from './features/app/sentry'
import { watchStaleVersion } from './features/app/stale-version'
import { registerServiceWorker } from './features/pwa/register-sw'
import { applySeason } from './features/theme/theme'
import { i18n, loadLanguage, storedLanguage } from './i18n'
import { router } from './router'
import { Notifications } from './ui/notifications'

void initSentry()
watchStaleVersion()
applySeason()
// A tablet can stay open across a season boundary; re-check whenever the app comes back.
document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && applySeason())
document.documentElement.lang = i18n.language
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng
})
registerServiceWorker()
keepStorageAccess()

// The first screen shows its texts, never their keys: the stored language's chunk comes first.
// (A promise, not a top-level await: an entry that awaits makes the bundler split it further.)
// Should the chunk fail (a stale version the reload guard holds back), the app still renders, so
// its error screen can offer Reload rather than leave a blank page.
void loadLanguage(storedLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Notifications />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  ),
)
