import { z } from 'zod';

/**
 * The faces a brand's site may use, bundled with the site (nothing is fetched from elsewhere); `system` is the
 * platform's system stack.
 */
export const brandFontFaces = ['system', 'inter', 'poppins', 'montserrat', 'playfair-display'] as const;
export const brandFontSchema = z.enum(brandFontFaces);
export type BrandFont = z.infer<typeof brandFontSchema>;

/** The brand's face for its text and the one for its headings (and the site name when it has no logo). */
export const brandFontsSchema = z.strictObject({ body: brandFontSchema, headings: brandFontSchema });
export type BrandFonts = z.infer<typeof brandFontsSchema>;

/** A brand that chose nothing: the system stack throughout. */
export const platformFonts: BrandFonts = { body: 'system', headings: 'system' };

/** Where the site loads a brand's logo: public (an `<img>` sends no token); a new logo is a new address. */
export const brandLogoPath = (uploadId: string): string => `/wps/site/logo/${uploadId}`;
