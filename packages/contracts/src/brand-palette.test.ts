import { describe, expect, it } from 'vitest';
import { brandPaletteSchema } from './brand-palette';
import { contrastRatio, onAccentOf, paletteIssues } from './palette-contrast';

const readable = brandPaletteSchema.parse({
  light: { background: '#F4F1FA', surface: '#ffffff', accent: '#7a1fa2' },
  dark: { background: '#12061f', surface: '#1d0b33', accent: '#f2c14e' },
});

describe('brand palette', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(onAccentOf('#f2c14e')).toBe('#111111');
    expect(onAccentOf('#7a1fa2')).toBe('#ffffff');
  });

  it('takes colours as #rrggbb and accepts a readable palette', () => {
    expect(paletteIssues(readable)).toEqual([]);
    expect(
      brandPaletteSchema.safeParse({ ...readable, dark: { ...readable.dark, accent: 'gold' } }).success,
    ).toBe(false);
  });

  it('names each pair that does not read, by field', () => {
    const issues = paletteIssues({
      ...readable,
      dark: { background: '#8a8a8a', surface: '#1d0b33', accent: '#3a2a55' },
    });
    expect(issues.map((issue) => issue.field)).toEqual([
      'palette.dark.background',
      'palette.dark.background',
      'palette.dark.accent',
    ]);
    expect(issues[0]?.message).toMatch(/text on the background has a contrast of \d\.\d:1; it needs 4.5:1/);
  });
});
