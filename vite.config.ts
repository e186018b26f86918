import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const API = process.env.VITE_DEV_API ?? 'http://localhost:3030'

/*
 * Each language is its own chunk (src/i18n), imported once the entry has run; the first screen
 * waits for it. Dutch, the default, is fetched alongside the entry instead of after it: a
 * modulepreload link in index.html. (An English user's choice lives in localStorage, which the
 * HTML cannot read without an inline script, and the CSP allows none.)
 */
function preloadDefaultLanguage(): Plugin {
  let base = '/'
  return {
    name: 'preload-default-language',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return // the dev server: no chunks to preload
        const chunks = Object.values(bundle)
        const nl = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/i18n/nl.ts'))
        // A renamed src/i18n/nl.ts must not silently drop the preload (the first screen would wait longer).
        if (nl?.type !== 'chunk') throw new Error('preload-default-language: no chunk for src/i18n/nl.ts')
        return [nl.fileName, ...nl.imports].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadDefaultLanguage(),
    // Service worker from src-worker/sw.ts (Workbox injectManifest): precaches the shell and
    // locales so the installed app opens offline. Registered by src/features/pwa.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src-worker',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Salon — salonbeheer',
        short_name: 'Salon',
        description: 'Salonbeheer: klanten, vragenlijsten en advies. Werkt ook zonder internet.',
        lang: 'nl',
        dir: 'ltr',
        orientation: 'any',
        categories: ['business', 'health', 'lifestyle'],
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#faf8f6',
        theme_color: '#A59C97',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,json,webmanifest}'],
        // pdf.js (about 2.5 MB) only previews an upload on the documents screen, which needs a
        // connection anyway: tablets do not download it at install.
        globIgnores: ['**/pdf.worker*', '**/pdf-????????.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': API, '/storage': API, '/dev': API },
  },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
})
