import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandFontFaces } from '@wps/contracts/brand-look';
import { describe, expect, it } from 'vitest';
import { applyBrandFonts } from './brand-fonts';

const faceSheets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'brand-fonts');

describe("the brand's fonts", () => {
  it("sets the brand's faces for text and headings over the system stack, and leaves for the system's", () => {
    applyBrandFonts({ body: 'poppins', headings: 'playfair-display' });
    expect(document.getElementById('brand-fonts')?.textContent).toBe(
      ":root{--font:'Poppins',var(--font-system);--font-headings:'Playfair Display',var(--font-system)}",
    );
    applyBrandFonts({ body: 'system', headings: 'montserrat' });
    expect(document.querySelectorAll('#brand-fonts')).toHaveLength(1);
    expect(document.getElementById('brand-fonts')?.textContent).toBe(
      ":root{--font:var(--font-system);--font-headings:'Montserrat',var(--font-system)}",
    );
    applyBrandFonts({ body: 'system', headings: 'system' });
    expect(document.getElementById('brand-fonts')).toBeNull();
  });

  it('bundles each face the contracts offer: Latin and Latin Extended, 400 and 700, woff2 only', () => {
    const sheets = readdirSync(faceSheets).sort();
    expect(sheets).toEqual(
      brandFontFaces
        .filter((face) => face !== 'system')
        .map((face) => `${face}.css`)
        .sort(),
    );
    for (const sheet of sheets) {
      const css = readFileSync(path.join(faceSheets, sheet), 'utf8');
      const sources = [...css.matchAll(/url\('([^']+)'\)/g)].map(([, url = '']) => path.basename(url));
      const face = sheet.replace('.css', '');
      expect(sources).toEqual(
        ['latin-ext-400', 'latin-400', 'latin-ext-700', 'latin-700'].map(
          (part) => `${face}-${part}-normal.woff2`,
        ),
      );
      expect(css.match(/unicode-range/g)).toHaveLength(4);
    }
  });
});
