import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server of apps/server; the site calls it on the same origin, so dev and preview proxy to it.
const apiTarget = 'http://127.0.0.1:8080';
// Game and vendor images are served by the platform too when the brand has no image CDN.
const proxy = Object.fromEntries(
  ['/wps', '/health', '/ready', '/docs', '/TCG_GAME_ICONS', '/TCG_PROD_IMAGES'].map((path) => [
    path,
    apiTarget,
  ]),
);

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Libraries change less often than the site: separate chunks stay cached across releases.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
