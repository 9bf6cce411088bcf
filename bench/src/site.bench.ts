import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { seedDemoData } from '@wps/server/db/seed';
import { loginAsMember } from '@wps/server/testing/test-app';
import { openTestDatabase } from '@wps/server/testing/test-database';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchResult } from './run';
import { buildWeb, webDist } from './web-build';

const initialJavaScriptBudgetKb = 170;
// Five runs a page, the median reported (SITE_BENCH_RUNS to change it).
const lighthouseRuns = Number(process.env.SITE_BENCH_RUNS ?? 5);

/**
 * The pages measured: home and a game lobby as a first visit opens them, and the house slot as a signed-in
 * member does (it needs a session: the browser's session cookie, which the site turns into its token).
 */
const measuredPages = [
  { name: 'home', path: '/', isSignedIn: false },
  { name: 'slots lobby', path: '/rng', isSignedIn: false },
  { name: 'house slot', path: '/house/slot', isSignedIn: true },
] as const;
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

/** The performance metrics reported beside the scores (Lighthouse audit ids and their units). */
const metricAudits = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'Speed Index', unit: 'ms' },
] as const;
type MetricLabel = (typeof metricAudits)[number]['label'];

type LighthouseScores = {
  performance: number[];
  accessibility: number[];
  metrics: Record<MetricLabel, number[]>;
  /** Runs Lighthouse itself gave up on (a runtime error such as NO_NAVSTART) and that were run again. */
  retried: string[];
};

/** How often one run is tried again when Lighthouse reports a runtime error instead of a measurement. */
const runtimeErrorRetries = 2;

/** Lighthouse's default (mobile) preset, performance and accessibility, against the real server. */
const runLighthouse = async (
  url: string,
  name: string,
  extraHeaders: Record<string, string> = {},
): Promise<LighthouseScores> => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumFlags,
  });
  const scores: LighthouseScores = {
    performance: [],
    accessibility: [],
    metrics: { FCP: [], LCP: [], TBT: [], CLS: [], 'Speed Index': [] },
    retried: [],
  };
  const measure = () =>
    lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders,
    });
  try {
    for (let run = 0; run < lighthouseRuns; run += 1) {
      let result = await measure();
      // A runtime error (the trace lost the navigation's start, say) is Lighthouse failing to measure, not
      // a score of 0: that run is measured again.
      for (let retry = 0; retry < runtimeErrorRetries && result?.lhr.runtimeError !== undefined; retry += 1) {
        scores.retried.push(result.lhr.runtimeError.code);
        result = await measure();
      }
      // SITE_BENCH_REPORT_DIR=/tmp/x keeps each run's Lighthouse JSON for reading the audits.
      const reportDirectory = process.env.SITE_BENCH_REPORT_DIR;
      if (reportDirectory !== undefined && result !== undefined) {
        mkdirSync(reportDirectory, { recursive: true });
        writeFileSync(
          path.join(reportDirectory, `${name.replace(/\W+/g, '-')}-${String(run + 1)}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const categories = result?.lhr.categories;
      scores.performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
      scores.accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
      for (const { id, label } of metricAudits) {
        scores.metrics[label].push(result?.lhr.audits[id]?.numericValue ?? Number.NaN);
      }
    }
  } finally {
    chrome.kill();
  }
  return scores;
};

/**
 * The player site as a phone sees it: home's initial JavaScript and CSS (gzip) from a fresh build, and
 * Lighthouse's scores for home, a lobby and the house slot served by the real server (PGlite, demo data).
 */
export const siteBench = async (): Promise<BenchResult> => {
  buildWeb();
  const initial = measureInitialAssets();

  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist }), database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const scores: { name: string; scores: LighthouseScores }[] = [];
  try {
    const { authorization } = await loginAsMember({ database }, 'demoplayer');
    const sessionCookie = { Cookie: `wps_session=${authorization.replace(/^Bearer /, '')}` };
    for (const page of measuredPages) {
      const headers = page.isSignedIn ? sessionCookie : {};
      scores.push({ name: page.name, scores: await runLighthouse(`${url}${page.path}`, page.name, headers) });
    }
  } finally {
    await app.close();
    await database.close();
  }

  return {
    name: 'Player site (mobile)',
    rows: [
      {
        measure: 'initial JavaScript, KB gzip',
        value: Number(initial.javaScriptKb.toFixed(1)),
        target: `≤ ${String(initialJavaScriptBudgetKb)}`,
      },
      { measure: 'initial CSS, KB gzip', value: Number(initial.cssKb.toFixed(1)), target: '' },
      ...scores.flatMap(({ name, scores: page }) => [
        { measure: `Lighthouse performance, ${name}`, value: median(page.performance), target: '≥ 90' },
        { measure: `Lighthouse accessibility, ${name}`, value: median(page.accessibility), target: '≥ 95' },
        ...metricAudits.map(({ label, unit }) => {
          const value = median(page.metrics[label]);
          return {
            measure: `Lighthouse ${label}${unit === '' ? '' : `, ${unit}`} (median), ${name}`,
            value: unit === '' ? Number(value.toFixed(3)) : Math.round(value),
            target: '',
          };
        }),
      ]),
    ],
    notes: [
      `Initial = index.html's entry script, its ${String(initial.files)} preloaded chunks and style sheets, gzip level 9; modals, member pages, other languages and the carousel load on demand. The server sends the build's precompressed brotli copies (smaller still).`,
      ...scores.map(
        ({ name, scores: page }) =>
          `${name}: Lighthouse ${String(lighthouseRuns)} runs (median; runs: performance ${page.performance.join(', ')}, accessibility ${page.accessibility.join(', ')}${page.retried.length > 0 ? `; runs measured again after a Lighthouse runtime error: ${page.retried.join(', ')}` : ''}; ${metricAudits.map(({ label, unit }) => `${label} ${page.metrics[label].map((value) => (unit === '' ? value.toFixed(3) : String(Math.round(value)))).join(', ')}`).join('; ')}).`,
      ),
      'Default mobile preset (simulated slow 4G, 4× CPU slowdown), headless Chromium on this machine, pages of a fresh demo brand served by the real server on PGlite; the house slot as the demo player, whose session cookie Lighthouse sends.',
    ],
  };
};
