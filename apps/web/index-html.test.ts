import { describe, expect, it } from 'vitest';
import { styleSheetsFirst } from './index-html';

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
