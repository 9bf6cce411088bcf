import type { BrandPalette, PaletteTheme, ThemeColours } from './brand-palette';

/*
 * The colour arithmetic of a brand's palette, apart from its schemas so the site's first load takes it without
 * zod.
 */

/** The platform's text colours in each theme (styles.css), which a brand's background and surface must carry. */
export const themeTextColours: Record<PaletteTheme, { text: string; muted: string }> = {
  light: { text: '#161a2b', muted: '#545b7a' },
  dark: { text: '#eef0fa', muted: '#a3a9c7' },
};

/** WCAG 2 AA for body text. */
export const minimumContrast = 4.5;

const channel = (value: number): number => {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
};

const luminance = (colour: string): number => {
  const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16));
  return 0.2126 * channel(red ?? 0) + 0.7152 * channel(green ?? 0) + 0.0722 * channel(blue ?? 0);
};

/** The WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export const contrastRatio = (first: string, second: string): number => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
};

/** The text colour on the accent (buttons): white or near-black, whichever reads better. */
export const onAccentOf = (accent: string): string =>
  contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#111111') ? '#ffffff' : '#111111';

export type PaletteIssue = { field: string; message: string };

/**
 * What makes a palette unreadable: the theme's text on the background or a surface, the accent (links, prices,
 * the logo) on a surface, and the accent's own text under WCAG AA. Empty when every pair reads.
 */
export const paletteIssues = (palette: BrandPalette): PaletteIssue[] =>
  (['light', 'dark'] as const).flatMap((theme) => {
    const { background, surface, accent } = palette[theme];
    const { text, muted } = themeTextColours[theme];
    const pairs: [field: keyof ThemeColours, ratio: number, what: string][] = [
      ['background', contrastRatio(text, background), 'the text on the background'],
      ['background', contrastRatio(muted, background), 'the secondary text on the background'],
      ['surface', contrastRatio(text, surface), 'the text on the surface'],
      ['surface', contrastRatio(muted, surface), 'the secondary text on the surface'],
      ['accent', contrastRatio(accent, surface), 'the accent on the surface'],
      ['accent', contrastRatio(accent, onAccentOf(accent)), 'the text on the accent'],
    ];
    return pairs
      .filter(([, ratio]) => ratio < minimumContrast)
      .map(([field, ratio, what]) => ({
        field: `palette.${theme}.${field}`,
        message: `${what} has a contrast of ${ratio.toFixed(1)}:1; it needs ${String(minimumContrast)}:1`,
      }));
  });
