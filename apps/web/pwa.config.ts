import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * Paths the server answers itself and the service worker must leave alone: the API under /wps (relay calls,
 * the member event stream, vendor-wallet callbacks), health checks, the API documentation and the operator
 * console. A navigation to one of them goes to the network, never to the cached app shell.
 */
export const serverPathPattern = /^\/(wps|health|ready|docs|backoffice)(\/|\?|$)/;

/**
 * Game and vendor images, served by the platform when the brand has no image CDN: they rarely change, so the
 * worker keeps recent ones (tested against the full URL, hence anchored at the origin).
 */
export const gameImagePattern = /^https?:\/\/[^/]+\/(TCG_GAME_ICONS|TCG_PROD_IMAGES)\//;

/** The web app manifest's address, which the server answers itself, per brand. */
export const isWebManifestUrl = (url: string): boolean => /(^|\/)manifest\.webmanifest$/.test(url);

/**
 * The installable app: manifest, icons and a generated Workbox service worker that precaches the built site
 * (the app shell and its hashed assets) and caches game images at run time. Nothing else is cached: API
 * answers are never stored, so balances, sessions and vendor-wallet calls always reach the server.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  // A file, not an inline script: the CSP allows scripts from this origin only.
  injectRegister: 'script-defer',
  manifest: {
    id: '/',
    name: 'Casino',
    short_name: 'Casino',
    description: 'Slots, live casino, sports and lottery games.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#0d0f1a',
    theme_color: '#0d0f1a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Fonts stay out: the Urdu font is large and only Urdu readers need it (the HTTP cache keeps it).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [serverPathPattern],
    cleanupOutdatedCaches: true,
    // The server answers /manifest.webmanifest per brand (name, colours); a precached copy would pin
    // every brand's installed app to the built defaults.
    manifestTransforms: [
      (entries) => ({ manifest: entries.filter((entry) => !isWebManifestUrl(entry.url)), warnings: [] }),
    ],
    runtimeCaching: [
      {
        urlPattern: gameImagePattern,
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'game-images',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
        },
      },
    ],
  },
};
