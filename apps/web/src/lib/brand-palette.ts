import type { BrandPalette, ThemeColours } from '@wps/contracts/brand-palette';
import { onAccentOf } from '@wps/contracts/palette-contrast';

const styleId = 'brand-palette';

const mix = (colour: string, percent: number, other: string): string =>
  `color-mix(in srgb, ${colour} ${String(percent)}%, ${other})`;

/** A theme's tokens from the brand's three colours; the rest (raised panels, borders) derived toward `toward`. */
const themeRule = (selector: string, colours: ThemeColours, toward: string): string =>
  `${selector}{${[
    `--color-bg:${colours.background}`,
    `--color-surface:${colours.surface}`,
    `--color-surface-raised:${mix(colours.surface, 88, toward)}`,
    `--color-border:${mix(colours.surface, 72, toward)}`,
    `--color-accent:${colours.accent}`,
    `--color-accent-strong:${mix(colours.accent, 82, toward)}`,
    `--color-on-accent:${onAccentOf(colours.accent)}`,
    `--gradient-hero:linear-gradient(135deg, ${mix(colours.accent, 35, colours.background)} 0%, ${colours.background} 100%)`,
  ].join(';')}}`;

/** The style sheet that lays a brand's palette over the platform's themes (styles.css). */
export const brandPaletteCss = (palette: BrandPalette): string =>
  themeRule(":root,[data-theme='dark']", palette.dark, '#ffffff') +
  themeRule("[data-theme='light']", palette.light, '#000000');

/**
 * Applies the brand's colours (permission's `palette`) after the platform's style sheets, so they win; null
 * leaves the platform's look.
 */
export const applyBrandPalette = (palette: BrandPalette | null): void => {
  const existing = document.getElementById(styleId);
  if (palette === null) {
    existing?.remove();
    return;
  }
  const style = existing ?? document.head.appendChild(document.createElement('style'));
  style.id = styleId;
  style.textContent = brandPaletteCss(palette);
};
