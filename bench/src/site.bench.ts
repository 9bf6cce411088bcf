import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchResult } from './run';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const initialJavaScriptBudgetKb = 170;
// SITE_BENCH_RUNS=5 for a closer look at the spread (the default keeps `npm run bench` short).
const lighthouseRuns = Number(process.env.SITE_BENCH_RUNS ?? 3);
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const gzipKb = (files: readonly string[]): number =>
  files.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length,
    0,
  ) / 1024;

/**
 * What index.html makes the browser download before anything opens: its entry script, the chunks it
 * preloads and its style sheets (modals and other pages load on demand, so they are not counted).
 */
export const measureInitialAssets = (): { javaScriptKb: number; cssKb: number; files: number } => {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map(([, file = '']) => file);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
    ([, file = '']) => file,
  );
  return { javaScriptKb: gzipKb(scripts), cssKb: gzipKb(styles), files: scripts.length + styles.length };
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Lighthouse's default (mobile) preset, performance and accessibility, against the real server. */
const runLighthouse = async (url: string): Promise<{ performance: number[]; accessibility: number[] }> => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumFlags,
  });
  const scores = { performance: [] as number[], accessibility: [] as number[] };
  try {
    for (let run = 0; run < lighthouseRuns; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
      });
      // SITE_BENCH_REPORT_DIR=/tmp/x keeps each run's Lighthouse JSON for reading the audits.
      const reportDirectory = process.env.SITE_BENCH_REPORT_DIR;
      if (reportDirectory !== undefined && result !== undefined) {
        mkdirSync(reportDirectory, { recursive: true });
        writeFileSync(path.join(reportDirectory, `home-${String(run + 1)}.json`), JSON.stringify(result.lhr));
      }
      const categories = result?.lhr.categories;
      scores.performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
      scores.accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
    }
  } finally {
    chrome.kill();
  }
  return scores;
};

/**
 * The player site as a phone sees it: home's initial JavaScript and CSS (gzip) from a fresh build, and
 * Lighthouse's scores for home served by the real server (PGlite, demo data).
 */
export const siteBench = async (): Promise<BenchResult> => {
  execFileSync('npm', ['run', 'build', '--workspace', '@wps/web'], { cwd: repositoryRoot, stdio: 'ignore' });
  const initial = measureInitialAssets();

  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist }), database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  let scores: { performance: number[]; accessibility: number[] };
  try {
    scores = await runLighthouse(`${url}/`);
  } finally {
    await app.close();
    await database.close();
  }

  return {
    name: 'Player site (home, mobile)',
    rows: [
      {
        measure: 'initial JavaScript, KB gzip',
        value: Number(initial.javaScriptKb.toFixed(1)),
        target: `≤ ${String(initialJavaScriptBudgetKb)}`,
      },
      { measure: 'initial CSS, KB gzip', value: Number(initial.cssKb.toFixed(1)), target: '' },
      {
        measure: 'Lighthouse performance',
        value: median(scores.performance),
        target: '≥ 90',
      },
      {
        measure: 'Lighthouse accessibility',
        value: median(scores.accessibility),
        target: '≥ 95',
      },
    ],
    notes: [
      `Initial = index.html's entry script, its ${String(initial.files)} preloaded chunks and style sheets, gzip level 9; modals, member pages, other languages and the carousel load on demand. The server sends the build's precompressed brotli copies (smaller still).`,
      `Lighthouse ${String(lighthouseRuns)} runs (median; runs: performance ${scores.performance.join(', ')}, accessibility ${scores.accessibility.join(', ')}), default mobile preset (simulated slow 4G, 4× CPU slowdown), headless Chromium on this machine, home of a fresh demo brand served by the real server on PGlite.`,
    ],
  };
};
