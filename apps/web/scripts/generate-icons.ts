// Renders the site's own icon (public/icons/icon.svg) to the PNG sizes the web app manifest lists:
// `npx tsx apps/web/scripts/generate-icons.ts` after changing the SVG. The PNGs are committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const source = path.join(iconsDir, 'icon.svg');

for (const size of [192, 512]) {
  await sharp(source, { density: 300 })
    .resize(size, size)
    .png()
    .toFile(path.join(iconsDir, `icon-${size}.png`));
}
await sharp(source, { density: 300 })
  .resize(180, 180)
  .png()
  .toFile(path.join(iconsDir, 'apple-touch-icon.png'));

// Maskable: launchers crop to a circle or squircle, so the chip shrinks into the inner 80 % safe zone while
// the background still fills the square.
const svg = await readFile(source, 'utf8');
const maskable = Buffer.from(svg.replace('translate(256 256)', 'translate(256 256) scale(0.8)'));
await sharp(maskable, { density: 300 })
  .resize(512, 512)
  .png()
  .toFile(path.join(iconsDir, 'icon-maskable-512.png'));
