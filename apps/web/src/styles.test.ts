import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeTextColours } from '@wps/contracts/palette-contrast';
import { describe, expect, it } from 'vitest';

const sourceDirectory = path.dirname(fileURLToPath(import.meta.url));

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });

/**
 * A stylesheet's `var(--name, fallback)` of a property nothing defines always takes the fallback: a panel written
 * `var(--surface, #fff)` stayed white in the dark theme, its text light on white. Every custom property used
 * must be defined by a stylesheet (the themes' tokens in styles.css, a component's own) or set by a component.
 */
describe('the stylesheets', () => {
  it('use only custom properties that something defines', () => {
    const files = filesUnder(sourceDirectory);
    const sources = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    const stylesheets = sources.filter(({ file }) => file.endsWith('.css'));
    const defined = new Set<string>();
    for (const { text } of stylesheets) {
      for (const [, name] of text.matchAll(/(--[\w-]+)\s*:/g)) if (name) defined.add(name);
    }
    // Set from components: style={{ '--name': … }} or style.setProperty('--name', …).
    for (const { file, text } of sources) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const [, name] of text.matchAll(/['"](--[\w-]+)['"]/g)) if (name) defined.add(name);
    }
    const undefinedUses = stylesheets.flatMap(({ file, text }) =>
      [...text.matchAll(/var\((--[\w-]+)/g)]
        .map(([, name]) => name ?? '')
        .filter((name) => !defined.has(name))
        .map((name) => `${path.relative(sourceDirectory, file)}: ${name}`),
    );
    expect(undefinedUses).toEqual([]);
  });

  it("keep the text colours a brand's palette is checked against (palette-contrast.ts)", () => {
    const themes = readFileSync(path.join(sourceDirectory, 'styles.css'), 'utf8');
    const block = (selector: string) =>
      themes.slice(themes.indexOf(selector), themes.indexOf('}', themes.indexOf(selector)));
    for (const [theme, selector] of [
      ['dark', "[data-theme='dark'] {"],
      ['light', "[data-theme='light'] {"],
    ] as const) {
      expect(block(selector)).toContain(`--color-text: ${themeTextColours[theme].text};`);
      expect(block(selector)).toContain(`--color-text-muted: ${themeTextColours[theme].muted};`);
    }
  });
});
