/**
 * A vendor's own generated logo, drawn from its code and name: its initials on a colour derived from the
 * code, inside a shape also derived from it, so that vendors tell apart at a glance in a menu.
 */

export const vendorMarkShapes = ['circle', 'square', 'hexagon', 'diamond', 'shield', 'octagon'] as const;
export type VendorMarkShape = (typeof vendorMarkShapes)[number];

export type VendorMark = { initials: string; hue: number; shape: VendorMarkShape };

/** FNV-1a, 32 bits: a stable spread of a short text. */
const hashOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

/** Short codes (PG, JDB, CQ9, DS88) are their own initials; longer ones take the name's first letters. */
export const vendorInitialsOf = (code: string, name: string): string => {
  const compact = code.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  if (compact.length > 0 && compact.length <= 4) return compact;
  const words = name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s_-]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const initials = words
    .slice(0, 3)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
  return initials.length >= 2 ? initials : compact.slice(0, 3) || '?';
};

export const vendorMarkOf = (code: string, name: string): VendorMark => {
  const hash = hashOf(code);
  return {
    initials: vendorInitialsOf(code, name),
    hue: hash % 360,
    shape: vendorMarkShapes[Math.floor(hash / 360) % vendorMarkShapes.length] ?? 'circle',
  };
};

/** The outline of each shape in a 40 × 40 box. */
export const vendorShapePaths: Readonly<Record<VendorMarkShape, string>> = {
  circle: 'M20 1a19 19 0 1 0 0.01 0Z',
  square: 'M8 1h24a7 7 0 0 1 7 7v24a7 7 0 0 1-7 7H8a7 7 0 0 1-7-7V8a7 7 0 0 1 7-7Z',
  hexagon: 'M20 1l17 9.5v19L20 39 3 29.5v-19Z',
  diamond: 'M20 0l20 20-20 20L0 20Z',
  shield: 'M20 1l17 6v12c0 10-7 17-17 20C10 36 3 29 3 19V7Z',
  octagon: 'M12 1h16l11 11v16L28 39H12L1 28V12Z',
};

/** The mark's fill, as #rrggbb (hue at 62 % saturation, 40 % lightness: white initials read on it). */
export const vendorMarkColourOf = (hue: number): string => {
  const saturation = 0.62;
  const lightness = 0.4;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma * 0.5 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
};
