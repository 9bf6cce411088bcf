import { z } from 'zod';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');

/** A theme's own colours: the page behind everything, the cards and panels on it, and the brand's accent. */
export const themeColoursSchema = z.strictObject({
  background: hexColour,
  surface: hexColour,
  accent: hexColour,
});
export type ThemeColours = z.infer<typeof themeColoursSchema>;

/** A brand's look in each theme; null keeps the platform's colours. Its checks: palette-contrast.ts. */
export const brandPaletteSchema = z.strictObject({ light: themeColoursSchema, dark: themeColoursSchema });
export type BrandPalette = z.infer<typeof brandPaletteSchema>;
export type PaletteTheme = keyof BrandPalette;
