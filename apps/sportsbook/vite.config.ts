import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The sportsbook server (its /api and the live stream) when the page runs under `vite` in development.
const apiTarget = process.env.SPORTSBOOK_API_URL ?? 'http://127.0.0.1:8083';

// The page lives in web/ and is built into dist/web/, which the sportsbook server serves at / and /assets/*.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  plugins: [react()],
  server: { proxy: { '/api': apiTarget } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
  },
  test: {
    name: 'sportsbook-web',
    environment: 'jsdom',
    // Relative to this file's folder: vitest runs the project from there, not from the page's root.
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/testing/setup.ts'],
    testTimeout: 30_000,
  },
});
