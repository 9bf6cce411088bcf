import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { styleSheetsFirst } from './index-html';

/** The inline script index.html runs before the first paint, run here against jsdom's document. */
const firstPaintScript = (): (() => void) => {
  const html = readFileSync(path.join(import.meta.dirname, 'index.html'), 'utf8');
  const source = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (source === undefined) throw new Error('index.html has no inline script');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script, as the browser runs it
  return new Function(source) as () => void;
};

describe('the script before the first paint', () => {
  afterEach(() => {
    localStorage.clear();
    const root = document.documentElement;
    root.dir = 'ltr';
    root.lang = 'en';
    delete root.dataset.homeBanner;
    vi.unstubAllGlobals();
  });

  const run = (stored: string | null, homeBanner: string | undefined): string => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    if (stored !== null) localStorage.setItem('lang', stored);
    if (homeBanner !== undefined) document.documentElement.dataset.homeBanner = homeBanner;
    firstPaintScript()();
    return document.documentElement.dir;
  };

  it('lays a first visit to an Urdu brand’s home out right to left, with its shell banner', () => {
    expect(run(null, 'UR')).toBe('rtl');
    expect(document.documentElement.lang).toBe('ur');
    expect(document.documentElement.dataset.homeBanner).toBe('UR');
  });

  it('follows the visitor’s own language over the brand’s', () => {
    expect(run('UR', undefined)).toBe('rtl');
    localStorage.clear();
    document.documentElement.dir = 'ltr';
    expect(run('EN', 'UR')).toBe('ltr');
    // Another language than the banner's: the shell banner waits for the page.
    expect(document.documentElement.dataset.homeBanner).toBe('off');
  });

  it('leaves an English first visit left to right', () => {
    expect(run(null, 'EN')).toBe('ltr');
    expect(run(null, undefined)).toBe('ltr');
  });
});

describe('index.html as built', () => {
  it('puts the style sheets ahead of the preloads, the entry script and its preloaded chunks', () => {
    const built = [
      '<head>',
      '    <script>theme()</script>',
      '    <link rel="preload" href="/wps/system/permission" as="fetch" crossorigin="anonymous" />',
      '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '  </head>',
    ].join('\n');
    expect(styleSheetsFirst(built)).toBe(
      [
        '<head>',
        '    <script>theme()</script>',
        '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
        '    <link rel="preload" href="/wps/system/permission" as="fetch" crossorigin="anonymous" />',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">',
        '  </head>',
      ].join('\n'),
    );
  });

  it('leaves a page without a style sheet or an entry script as it is', () => {
    const noStyle = '<head><script type="module" src="/a.js"></script></head>';
    expect(styleSheetsFirst(noStyle)).toBe(noStyle);
    const noScript = '<head><link rel="stylesheet" href="/a.css"></head>';
    expect(styleSheetsFirst(noScript)).toBe(noScript);
  });
});
