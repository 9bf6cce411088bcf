import { createHash } from 'node:crypto';
import { categoryOf, gameCategories, imageGameTypeOf, tySharedVendorCode } from '@wps/contracts/games';
import { vendorMarkColourOf, vendorMarkOf, vendorShapePaths } from '@wps/contracts/vendor-mark';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import * as catalogueRepository from './catalogue.repository';
import * as vendorsRepository from './vendors.repository';

/**
 * The platform's own artwork for games and vendors: drawn here as SVG (colours and patterns derived from a
 * hash of the name, the name or vendor code as text) and rendered to PNG with sharp. No vendor's real art or
 * logo is used. Served under the spec's image paths (game-images.routes.ts); the site loads them from the
 * brand's image CDN when one is configured (`imageCDNs` of the permission answer), else from the platform.
 */

export type PngImage = { png: Buffer; etag: string };

const fontFamily = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0).toString()};`);

/** Bytes of a SHA-256 of the key: every colour and pattern choice comes from them, so art is stable. */
const seedBytes = (key: string): Buffer => createHash('sha256').update(key).digest();

type Palette = { dark: string; light: string; accent: string; hue: number };
const paletteOf = (key: string): Palette => {
  const bytes = seedBytes(key);
  const hue = ((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)) % 360;
  return {
    hue,
    dark: `hsl(${hue}, 62%, 22%)`,
    light: `hsl(${(hue + 35) % 360}, 70%, 46%)`,
    accent: `hsl(${(hue + 180) % 360}, 85%, 62%)`,
  };
};

/** One of a few background patterns, placed by the key's bytes. */
const patternOf = (key: string, width: number, height: number): string => {
  const bytes = seedBytes(`${key}#pattern`);
  const byte = (index: number): number => bytes[index % bytes.length] ?? 0;
  const kind = byte(0) % 4;
  const shapes: string[] = [];
  for (let index = 0; index < 9; index += 1) {
    const x = (byte(index * 3 + 1) / 255) * width;
    const y = (byte(index * 3 + 2) / 255) * height;
    const size = 10 + (byte(index * 3 + 3) / 255) * (Math.min(width, height) / 4);
    if (kind === 0) {
      shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}"/>`);
    } else if (kind === 1) {
      shapes.push(
        `<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" transform="rotate(45 ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      );
    } else if (kind === 2) {
      shapes.push(
        `<rect x="${(x - width).toFixed(1)}" y="${y.toFixed(1)}" width="${(width * 2).toFixed(1)}" height="${(size / 3).toFixed(1)}" transform="rotate(-30 ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      );
    } else {
      shapes.push(
        `<polygon points="${x.toFixed(1)},${(y - size).toFixed(1)} ${(x + size).toFixed(1)},${(y + size).toFixed(1)} ${(x - size).toFixed(1)},${(y + size).toFixed(1)}"/>`,
      );
    }
  }
  return `<g fill="#ffffff" fill-opacity="0.08">${shapes.join('')}</g>`;
};

/** Words of a name in lines of about `perLine` characters, at most `maxLines` (the last one shortened). */
const wrapWords = (text: string, perLine: number, maxLines: number): string[] => {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current !== '' && `${current} ${word}`.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  if (current !== '') lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, perLine - 1))}…`;
  return kept;
};

/** A font size at which `text` fits `width` (DejaVu Sans is about 0.6 em wide per character). */
const fittingSize = (text: string, width: number, largest: number): number =>
  Math.max(8, Math.min(largest, width / (Math.max(1, Array.from(text).length) * 0.62)));

const textLines = (
  lines: readonly string[],
  {
    x,
    y,
    size,
    fill,
    weight = 'bold',
  }: { x: number; y: number; size: number; fill: string; weight?: string },
): string =>
  lines
    .map(
      (line, index) =>
        `<text x="${x.toFixed(1)}" y="${(y + index * size * 1.15).toFixed(1)}" font-family="${fontFamily}" font-size="${size.toFixed(1)}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');

/** A game's tile: gradient, pattern, a medallion with its initials, its name, its vendor, DEMO when demo. */
export const gameIconSvg = (
  game: { vendorCode: string; name: string; gameType: string; isDemo: boolean },
  size: number,
): string => {
  const key = `${game.vendorCode}/${game.name}`;
  const palette = paletteOf(key);
  const unit = size / 240;
  const lines = wrapWords(game.name, 14, 2);
  const longest = lines.reduce((a, b) => (a.length >= b.length ? a : b), '');
  const nameSize = fittingSize(longest, size * 0.86, 26 * unit);
  const nameTop = size * 0.68;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${(18 * unit).toFixed(1)}" fill="url(#bg)"/>
  ${patternOf(key, size, size)}
  <circle cx="${size / 2}" cy="${(size * 0.34).toFixed(1)}" r="${(size * 0.21).toFixed(1)}" fill="${palette.accent}" fill-opacity="0.9" stroke="#ffffff" stroke-width="${(4 * unit).toFixed(1)}"/>
  ${textLines([initialsOf(game.name) || '?'], { x: size / 2, y: size * 0.34 + 15 * unit, size: 42 * unit, fill: palette.dark })}
  ${textLines(lines, { x: size / 2, y: nameTop, size: nameSize, fill: '#ffffff' })}
  ${textLines([`${game.vendorCode} · ${categoryOf(game.gameType, game.vendorCode)}`], { x: size / 2, y: size - 12 * unit, size: 12 * unit, fill: '#ffffff', weight: 'normal' })}
  ${game.isDemo ? `<rect x="${(8 * unit).toFixed(1)}" y="${(8 * unit).toFixed(1)}" width="${(52 * unit).toFixed(1)}" height="${(20 * unit).toFixed(1)}" rx="${(5 * unit).toFixed(1)}" fill="#000000" fill-opacity="0.45"/>${textLines(['DEMO'], { x: 34 * unit, y: 23 * unit, size: 12 * unit, fill: '#ffffff' })}` : ''}
</svg>`;
};

/** The icon the site falls back to when a game's own image fails. */
export const defaultIconSvg = (
  size: number,
): string => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4b5563"/><stop offset="1" stop-color="#1f2937"/></linearGradient></defs>
  <rect width="240" height="240" rx="18" fill="url(#bg)"/>
  <rect x="78" y="52" width="84" height="84" rx="16" fill="#f9fafb" transform="rotate(12 120 94)"/>
  <g fill="#1f2937" transform="rotate(12 120 94)"><circle cx="100" cy="74" r="8"/><circle cx="120" cy="94" r="8"/><circle cx="140" cy="114" r="8"/></g>
  ${textLines(['GAME'], { x: 120, y: 190, size: 30, fill: '#f9fafb' })}
</svg>`;

/**
 * A vendor's mark (the same the site draws): its initials in its own shape and colour, scaled from the
 * mark's 40 × 40 box to `size` at (`x`, `y`). `fill` null fills the shape with the vendor's colour.
 */
const vendorMarkSvg = (
  vendorCode: string,
  { x, y, size, fill }: { x: number; y: number; size: number; fill: string | null },
): string => {
  const mark = vendorMarkOf(vendorCode, vendorCode);
  const scale = size / 40;
  const textSize = mark.initials.length >= 4 ? 10 : mark.initials.length === 3 ? 12 : 15;
  const shape =
    fill === null
      ? `fill="${vendorMarkColourOf(mark.hue)}" stroke="#ffffff" stroke-opacity="0.6"`
      : `fill="none" stroke="${fill}" stroke-width="2.5"`;
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})">
  <path d="${vendorShapePaths[mark.shape]}" ${shape}/>
  ${textLines([mark.initials], { x: 20, y: 20 + textSize * 0.36, size: textSize, fill: fill ?? '#ffffff' })}
</g>`;
};

/** A vendor's small menu icon: its mark, in grey outline when DEFAULT, in its own colour when ACTIVE. */
export const vendorSmallIconSvg = (vendorCode: string, state: 'DEFAULT' | 'ACTIVE'): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  ${vendorMarkSvg(vendorCode, { x: 6, y: 6, size: 84, fill: state === 'ACTIVE' ? null : '#9ca3af' })}
</svg>`;

export const listVendorColours = ['WHITE', 'COLOR', 'PURPLE'] as const;
export type ListVendorColour = (typeof listVendorColours)[number];

/** A vendor's logo-like label in a category's vendor list, in white, its own colours, or purple. */
export const listVendorSvg = (vendorCode: string, colour: ListVendorColour): string => {
  const palette = paletteOf(vendorCode);
  const fill = colour === 'WHITE' ? '#ffffff' : colour === 'PURPLE' ? '#7c3aed' : 'url(#logo)';
  const label = fittingSize(vendorCode, 190, 46);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <defs><linearGradient id="logo" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.accent}"/></linearGradient></defs>
  ${vendorMarkSvg(vendorCode, { x: 14, y: 14, size: 72, fill: colour === 'COLOR' ? null : fill })}
  ${textLines([vendorCode], { x: 196, y: 50 + label * 0.36, size: label, fill })}
</svg>`;
};

/** The submenu card of a vendor in a category (STYLE1). */
export const submenuSvg = (gameType: string, vendorCode: string): string => {
  const key = `${vendorCode}/${imageGameTypeOf(gameType)}`;
  const palette = paletteOf(vendorCode);
  const label = fittingSize(vendorCode, 300, 56);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="200" viewBox="0 0 360 200">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient></defs>
  <rect width="360" height="200" rx="20" fill="url(#bg)"/>
  ${patternOf(key, 360, 200)}
  ${textLines([vendorCode], { x: 180, y: 100 + label * 0.3, size: label, fill: '#ffffff' })}
  ${textLines([imageGameTypeOf(gameType)], { x: 180, y: 170, size: 20, fill: '#ffffff', weight: 'normal' })}
</svg>`;
};

const render = async (svg: string): Promise<PngImage> => {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
};

export const gameIconSizes = { small: 240, large: 480 } as const;
/** Rendered images kept in memory: at most 64 MB, each for an hour (a renamed game is redrawn after that). */
const cacheBytes = 64 * 1024 * 1024;
const cacheTtlMs = 60 * 60 * 1000;

const isCategory = (value: string): boolean => (gameCategories as readonly string[]).includes(value);

/** Renders (once, then from memory) the artwork of the catalogue's games and vendors; undefined when unknown. */
export const createGameImageService = ({ db }: { db: Database }) => {
  const cache = new LRUCache<string, PngImage>({
    maxSize: cacheBytes,
    sizeCalculation: (image) => image.png.length + 64,
    ttl: cacheTtlMs,
  });
  const cached = async (
    key: string,
    draw: () => Promise<string | undefined>,
  ): Promise<PngImage | undefined> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const svg = await draw();
    if (svg === undefined) return undefined;
    const image = await render(svg);
    cache.set(key, image);
    return image;
  };

  /** A vendor of the catalogue, or the shared code the TY language shows for TCG and BTI vendors. */
  const isKnownVendor = async (code: string): Promise<boolean> =>
    code === tySharedVendorCode || (await vendorsRepository.findVendorByCode(db, code)) !== undefined;

  return {
    defaultIcon: () => cached('default', async () => defaultIconSvg(gameIconSizes.small)),

    gameIcon: (vendorCode: string, gameCode: string, size: keyof typeof gameIconSizes) =>
      cached(`game:${size}:${vendorCode}:${gameCode}`, async () => {
        const game = await catalogueRepository.findGameByCode(db, vendorCode, gameCode);
        return game && gameIconSvg(game, gameIconSizes[size]);
      }),

    vendorSmallIcon: (vendorCode: string, state: 'DEFAULT' | 'ACTIVE') =>
      cached(`small:${vendorCode}:${state}`, async () =>
        (await isKnownVendor(vendorCode)) ? vendorSmallIconSvg(vendorCode, state) : undefined,
      ),

    listVendor: (gameType: string, vendorCode: string, colour: ListVendorColour) =>
      cached(`list:${gameType}:${vendorCode}:${colour}`, async () =>
        isCategory(gameType) && (await isKnownVendor(vendorCode))
          ? listVendorSvg(vendorCode, colour)
          : undefined,
      ),

    submenu: (gameType: string, vendorCode: string) =>
      cached(`submenu:${gameType}:${vendorCode}`, async () =>
        isCategory(gameType) && (await isKnownVendor(vendorCode))
          ? submenuSvg(gameType, vendorCode)
          : undefined,
      ),
  };
};

export type GameImageService = ReturnType<typeof createGameImageService>;
