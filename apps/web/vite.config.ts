import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { styleSheetsFirst } from './index-html.ts';
import { pwaOptions } from './pwa.config.ts';

// The API server of apps/server; the site calls it on the same origin, so dev and preview proxy to it.
const apiTarget = 'http://127.0.0.1:8080';
// Game and vendor images are served by the platform too when the brand has no image CDN; /common holds the
// speed test's ping.
const proxy = Object.fromEntries(
  ['/wps', '/health', '/ready', '/docs', '/TCG_GAME_ICONS', '/TCG_PROD_IMAGES', '/common'].map((path) => [
    path,
    apiTarget,
  ]),
);

/**
 * Brotli and gzip copies beside every text file of the build, compressed once at their strongest, so the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
const precompress = (): Plugin => ({
  name: 'wps-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    const textFiles = Object.keys(bundle).filter((fileName) => /\.(js|css|html|svg|json)$/.test(fileName));
    for (const fileName of textFiles) {
      const filePath = path.join(outDir, fileName);
      const content = await readFile(filePath);
      await writeFile(
        `${filePath}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      await writeFile(`${filePath}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

/** index.html's style sheets ahead of what the script needs (index-html.ts). */
const styleSheetsAheadOfScripts = (): Plugin => ({
  name: 'wps-style-sheets-first',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: styleSheetsFirst },
});

/**
 * Sections of the English dictionary that no module of the first load uses, only pages and modals that load on
 * demand (house games, the agent centre, payments, the member centre's pages, promotions, the chat room…).
 * They are left out of the first load, which must stay within its budget, and arrive with the first chunk
 * loaded on demand (`loadChunk` in lib/lazy-component.tsx). en.json stays the one complete key set.
 */
const deferredSections = [
  'agents',
  'lottery',
  'house_crash',
  'house_slot',
  'house_fishing',
  'house_tables',
  'house_cockfight',
  'house_poker',
  'house_sound',
  'fairness',
  'payments',
  'feedback',
  'responsible_gaming',
  'kyc',
  'bonus_details',
  'security_centre',
  'chat',
  'pages',
  'betting',
  'manual_rebate',
  'referral',
  'promotions_page',
  'red_envelope',
  'raffle',
];
const shellDictionaryId = 'virtual:site-dictionary/shell';
const deferredDictionaryId = 'virtual:site-dictionary/deferred';

const splitDictionary = (): Plugin => {
  const englishPath = path.resolve(import.meta.dirname, 'src/locales/en.json');
  return {
    name: 'wps-split-dictionary',
    resolveId: (id) => ([shellDictionaryId, deferredDictionaryId].includes(id) ? `\0${id}` : null),
    async load(id) {
      if (id !== `\0${shellDictionaryId}` && id !== `\0${deferredDictionaryId}`) return null;
      this.addWatchFile(englishPath);
      const english: unknown = JSON.parse(await readFile(englishPath, 'utf8'));
      if (typeof english !== 'object' || english === null) throw new Error(`${englishPath} is not an object`);
      const wantsDeferred = id === `\0${deferredDictionaryId}`;
      const sections = Object.fromEntries(
        Object.entries(english).filter(([name]) => deferredSections.includes(name) === wantsDeferred),
      );
      return `export default ${JSON.stringify(sections)};`;
    },
  };
};

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions), precompress(), splitDictionary(), styleSheetsAheadOfScripts()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Libraries change less often than the site: separate chunks stay cached across releases. Only the
      // libraries every page needs are grouped; the others stay with the pages that load them on demand.
      // zod is not one of them: the site trusts the server-checked answers, and only forms load it.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 1,
            },
            // The rest of what the home page loads first, in one chunk rather than twenty small ones.
            { name: 'shell', tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 30_000,
  },
});
