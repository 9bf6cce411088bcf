import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The platform serves the built console under /backoffice (apps/server/src/http/backoffice-app.ts); in
// development Vite serves it on its own port and proxies the API to apps/server.
const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/wps': apiTarget };

export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // As the site's: a screen test on a busy two-core machine (CI runs two files at once) can pass 5 s.
    testTimeout: 30_000,
  },
});
