import type { BrandFont, BrandFonts } from '@wps/contracts/brand-look';

type BundledFont = Exclude<BrandFont, 'system'>;

/**
 * Each bundled face's family and its style sheet (brand-fonts/*.css: Latin and Latin Extended, 400 and 700),
 * fetched only when the brand uses it, so no face weighs on the first load.
 */
const bundledFonts: Record<BundledFont, { family: string; load: () => Promise<unknown> }> = {
  inter: { family: 'Inter', load: () => import('./brand-fonts/inter.css') },
  poppins: { family: 'Poppins', load: () => import('./brand-fonts/poppins.css') },
  montserrat: { family: 'Montserrat', load: () => import('./brand-fonts/montserrat.css') },
  'playfair-display': {
    family: 'Playfair Display',
    load: () => import('./brand-fonts/playfair-display.css'),
  },
};

const styleId = 'brand-fonts';

/** The face first, the platform's system stack (styles.css) for what it lacks and while it loads. */
const stackOf = (font: BrandFont): string =>
  font === 'system' ? 'var(--font-system)' : `'${bundledFonts[font].family}',var(--font-system)`;

/** The style sheet that sets the brand's faces for text and headings over the platform's (styles.css). */
export const brandFontsCss = (fonts: BrandFonts): string =>
  `:root{--font:${stackOf(fonts.body)};--font-headings:${stackOf(fonts.headings)}}`;

/**
 * Applies the brand's faces (permission's `fonts`) after the platform's style sheets, so they win, and starts
 * loading their style sheets; the system stack shows until a face arrives, and stays if it never does. Urdu keeps
 * its Nastaliq face (urdu-font.css outranks `:root`).
 */
export const applyBrandFonts = (fonts: BrandFonts): void => {
  const existing = document.getElementById(styleId);
  if (fonts.body === 'system' && fonts.headings === 'system') {
    existing?.remove();
    return;
  }
  for (const font of new Set([fonts.body, fonts.headings])) {
    if (font !== 'system') bundledFonts[font].load().catch(() => undefined);
  }
  const style = existing ?? document.head.appendChild(document.createElement('style'));
  style.id = styleId;
  style.textContent = brandFontsCss(fonts);
};
