import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Captcha images drawn without fonts or native code: glyphs are polylines of a small built-in stroke font,
 * rasterised with anti-aliasing into an RGB buffer and encoded by pngjs (pure JavaScript). A fresh machine with
 * no fonts installed renders the same images as a developer's laptop.
 *
 * Against trivial OCR each character gets its own scale, shear, rotation, offset and colour, the whole text is
 * bent by a random wave, and thin curves in text-like colours cross the characters so they do not separate
 * cleanly; every random choice comes from node:crypto, so images cannot be predicted or replayed.
 */

/** Digits and capitals a person cannot confuse: no 0/O, 1/I/L. */
export const captchaAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const captchaLength = 4;
export const captchaImageWidth = 120;
export const captchaImageHeight = 40;

export const createCaptchaText = (): string =>
  Array.from({ length: captchaLength }, () => captchaAlphabet.charAt(randomInt(captchaAlphabet.length))).join(
    '',
  );

type Point = { x: number; y: number };
type Colour = { red: number; green: number; blue: number };

/** Glyph box: x from 0 to 4, y from 0 (top) to 6 (baseline); each list is one pen stroke as x, y pairs. */
const glyphWidth = 4;
const glyphHeight = 6;
const strokeFont: Record<string, readonly (readonly number[])[]> = {
  '2': [[0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 0, 6, 4, 6]],
  '3': [
    [0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 3, 3, 1.5, 3],
    [3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5],
  ],
  '4': [[3, 6, 3, 0, 0, 4, 4, 4]],
  '5': [[4, 0, 0.5, 0, 0.2, 2.8, 1, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 1, 6, 0, 5.2]],
  '6': [[3.5, 0, 2, 0, 0.5, 1.5, 0, 3, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3, 1, 3, 0, 4]],
  '7': [[0, 0, 4, 0, 1.5, 6]],
  '8': [[1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 3, 3, 1, 3, 0, 4, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3]],
  '9': [[0.5, 6, 2, 6, 3.5, 4.5, 4, 3, 4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 2]],
  A: [
    [0, 6, 2, 0, 4, 6],
    [0.7, 4, 3.3, 4],
  ],
  B: [[0, 3, 3, 3, 4, 4, 4, 5, 3, 6, 0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3]],
  C: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5]],
  D: [[0, 0, 0, 6, 1.8, 6, 3.3, 5.2, 4, 3.8, 4, 2.2, 3.3, 0.8, 1.8, 0, 0, 0]],
  E: [
    [4, 0, 0, 0, 0, 6, 4, 6],
    [0, 3, 3, 3],
  ],
  F: [
    [4, 0, 0, 0, 0, 6],
    [0, 3, 3, 3],
  ],
  G: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.5, 2.5, 3.5]],
  H: [
    [0, 0, 0, 6],
    [4, 0, 4, 6],
    [0, 3, 4, 3],
  ],
  J: [[1.5, 0, 4, 0, 4, 5, 3, 6, 1, 6, 0, 5]],
  K: [
    [0, 0, 0, 6],
    [4, 0, 0, 3.5],
    [1.3, 2.7, 4, 6],
  ],
  M: [[0, 6, 0, 0, 2, 3.5, 4, 0, 4, 6]],
  N: [[0, 6, 0, 0, 4, 6, 4, 0]],
  P: [[0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3]],
  Q: [
    [1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0],
    [2.3, 4.3, 4, 6.2],
  ],
  R: [
    [0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3],
    [2, 3, 4, 6],
  ],
  S: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]],
  T: [
    [0, 0, 4, 0],
    [2, 0, 2, 6],
  ],
  U: [[0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0]],
  V: [[0, 0, 2, 6, 4, 0]],
  W: [[0, 0, 1, 6, 2, 2.5, 3, 6, 4, 0]],
  X: [
    [0, 0, 4, 6],
    [4, 0, 0, 6],
  ],
  Y: [
    [0, 0, 2, 3],
    [4, 0, 2, 3, 2, 6],
  ],
  Z: [[0, 0, 4, 0, 0, 6, 4, 6]],
};

const toPoints = (coordinates: readonly number[]): Point[] => {
  const points: Point[] = [];
  for (let index = 0; index + 1 < coordinates.length; index += 2) {
    points.push({ x: coordinates[index] ?? 0, y: coordinates[index + 1] ?? 0 });
  }
  return points;
};

/** A uniform number in [min, max), from the operating system's generator. */
const randomBetween = (min: number, max: number): number =>
  min + (randomInt(0, 2 ** 32) / 2 ** 32) * (max - min);

const randomColour = (min: number, max: number): Colour => ({
  red: randomInt(min, max + 1),
  green: randomInt(min, max + 1),
  blue: randomInt(min, max + 1),
});

/** An RGB picture and a coverage mask that one shape at a time is drawn into, then blended in one colour. */
type Raster = { pixels: Float32Array; coverage: Float32Array };

const createRaster = (): Raster => ({
  pixels: new Float32Array(captchaImageWidth * captchaImageHeight * 3),
  coverage: new Float32Array(captchaImageWidth * captchaImageHeight),
});

const paintBackground = (raster: Raster): void => {
  const left = randomColour(215, 250);
  const right = randomColour(215, 250);
  for (let y = 0; y < captchaImageHeight; y += 1) {
    for (let x = 0; x < captchaImageWidth; x += 1) {
      const share = x / (captchaImageWidth - 1);
      const offset = (y * captchaImageWidth + x) * 3;
      raster.pixels[offset] = left.red + (right.red - left.red) * share;
      raster.pixels[offset + 1] = left.green + (right.green - left.green) * share;
      raster.pixels[offset + 2] = left.blue + (right.blue - left.blue) * share;
    }
  }
};

/** Marks the pixels within `radius` of the segment, with a one-pixel soft edge for anti-aliasing. */
const coverSegment = (raster: Raster, from: Point, to: Point, radius: number): void => {
  const reach = radius + 1;
  const minX = Math.max(0, Math.floor(Math.min(from.x, to.x) - reach));
  const maxX = Math.min(captchaImageWidth - 1, Math.ceil(Math.max(from.x, to.x) + reach));
  const minY = Math.max(0, Math.floor(Math.min(from.y, to.y) - reach));
  const maxY = Math.min(captchaImageHeight - 1, Math.ceil(Math.max(from.y, to.y) + reach));
  const deltaX = to.x - from.x;
  const deltaY = to.y - from.y;
  const lengthSquared = deltaX * deltaX + deltaY * deltaY;
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const centreX = x + 0.5;
      const centreY = y + 0.5;
      const along =
        lengthSquared === 0
          ? 0
          : Math.min(
              1,
              Math.max(0, ((centreX - from.x) * deltaX + (centreY - from.y) * deltaY) / lengthSquared),
            );
      const distance = Math.hypot(centreX - (from.x + along * deltaX), centreY - (from.y + along * deltaY));
      const amount = Math.min(1, Math.max(0, radius + 0.5 - distance));
      const index = y * captchaImageWidth + x;
      // The maximum, not a sum: joints of a polyline would otherwise show as darker knots.
      if (amount > (raster.coverage[index] ?? 0)) raster.coverage[index] = amount;
    }
  }
};

const coverPolyline = (raster: Raster, points: readonly Point[], radius: number): void => {
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1];
    const to = points[index];
    if (from && to) coverSegment(raster, from, to, radius);
  }
};

const blendCoverage = (raster: Raster, colour: Colour, opacity: number): void => {
  for (let index = 0; index < raster.coverage.length; index += 1) {
    const amount = (raster.coverage[index] ?? 0) * opacity;
    if (amount === 0) continue;
    const offset = index * 3;
    const keep = 1 - amount;
    raster.pixels[offset] = (raster.pixels[offset] ?? 0) * keep + colour.red * amount;
    raster.pixels[offset + 1] = (raster.pixels[offset + 1] ?? 0) * keep + colour.green * amount;
    raster.pixels[offset + 2] = (raster.pixels[offset + 2] ?? 0) * keep + colour.blue * amount;
    raster.coverage[index] = 0;
  }
};

/** Splits segments into short steps so the wave bends strokes instead of only moving their corners. */
const subdivide = (points: readonly Point[], step: number): Point[] => {
  const first = points[0];
  if (!first) return [];
  const result: Point[] = [first];
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1] ?? first;
    const to = points[index] ?? first;
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / step));
    for (let part = 1; part <= steps; part += 1) {
      result.push({
        x: from.x + ((to.x - from.x) * part) / steps,
        y: from.y + ((to.y - from.y) * part) / steps,
      });
    }
  }
  return result;
};

type Wave = (point: Point) => Point;

const createWave = (): Wave => {
  const verticalAmplitude = randomBetween(1, 2);
  const verticalPeriod = randomBetween(45, 90);
  const verticalPhase = randomBetween(0, 2 * Math.PI);
  const horizontalAmplitude = randomBetween(0.5, 1.5);
  const horizontalPeriod = randomBetween(20, 40);
  const horizontalPhase = randomBetween(0, 2 * Math.PI);
  return ({ x, y }) => ({
    x: x + horizontalAmplitude * Math.sin((2 * Math.PI * y) / horizontalPeriod + horizontalPhase),
    y: y + verticalAmplitude * Math.sin((2 * Math.PI * x) / verticalPeriod + verticalPhase),
  });
};

const drawCharacter = (raster: Raster, character: string, centre: Point, wave: Wave): void => {
  const strokes = strokeFont[character];
  if (!strokes) throw new RangeError(`The captcha font has no glyph for "${character}".`);
  const unit = randomBetween(3.4, 3.9);
  const widthScale = randomBetween(0.85, 1.15);
  const shear = randomBetween(-0.25, 0.25);
  const angle = randomBetween(-0.3, 0.3);
  const cosine = Math.cos(angle);
  const sine = Math.sin(angle);
  const place = ({ x, y }: Point): Point => {
    const localY = (y - glyphHeight / 2) * unit;
    const localX = (x - glyphWidth / 2) * unit * widthScale + shear * localY;
    return { x: centre.x + localX * cosine - localY * sine, y: centre.y + localX * sine + localY * cosine };
  };
  const radius = randomBetween(1.1, 1.5);
  for (const stroke of strokes) {
    coverPolyline(raster, subdivide(toPoints(stroke).map(place), 1.5).map(wave), radius);
  }
  blendCoverage(raster, randomColour(10, 140), 1);
};

/** A wavy line across the whole image, through the band where the text is. */
const drawNoiseCurve = (raster: Raster, colour: Colour, radius: number, opacity: number): void => {
  const baseline = randomBetween(captchaImageHeight * 0.25, captchaImageHeight * 0.75);
  const amplitude = randomBetween(3, 9);
  const period = randomBetween(40, 120);
  const phase = randomBetween(0, 2 * Math.PI);
  const slope = randomBetween(-0.12, 0.12);
  const points: Point[] = [];
  for (let x = -4; x <= captchaImageWidth + 4; x += 2) {
    points.push({
      x,
      y:
        baseline +
        slope * (x - captchaImageWidth / 2) +
        amplitude * Math.sin((2 * Math.PI * x) / period + phase),
    });
  }
  coverPolyline(raster, points, radius);
  blendCoverage(raster, colour, opacity);
};

const drawDots = (
  raster: Raster,
  count: number,
  colourRange: [number, number],
  radiusRange: [number, number],
) => {
  for (let index = 0; index < count; index += 1) {
    const dot = { x: randomBetween(0, captchaImageWidth), y: randomBetween(0, captchaImageHeight) };
    coverSegment(raster, dot, dot, randomBetween(...radiusRange));
    blendCoverage(raster, randomColour(...colourRange), randomBetween(0.5, 0.9));
  }
};

const encodePng = (raster: Raster): Buffer => {
  const png = new PNG({ width: captchaImageWidth, height: captchaImageHeight });
  for (let index = 0; index < captchaImageWidth * captchaImageHeight; index += 1) {
    png.data[index * 4] = Math.round(raster.pixels[index * 3] ?? 0);
    png.data[index * 4 + 1] = Math.round(raster.pixels[index * 3 + 1] ?? 0);
    png.data[index * 4 + 2] = Math.round(raster.pixels[index * 3 + 2] ?? 0);
    png.data[index * 4 + 3] = 255;
  }
  // Opaque RGB: a quarter smaller than RGBA for the data URL the site receives.
  return PNG.sync.write(png, { colorType: 2 });
};

/** A PNG of `text` (characters of `captchaAlphabet`), different on every call. */
export const renderCaptchaPng = (text: string): Buffer => {
  const raster = createRaster();
  paintBackground(raster);
  drawDots(raster, 90, [120, 215], [0.4, 1.2]);
  for (let index = 0; index < 3; index += 1) drawNoiseCurve(raster, randomColour(140, 210), 0.6, 0.8);

  const wave = createWave();
  const margin = 10;
  const slot = (captchaImageWidth - 2 * margin) / Math.max(1, text.length);
  Array.from(text).forEach((character, index) => {
    drawCharacter(
      raster,
      character,
      {
        x: margin + slot * (index + 0.5) + randomBetween(-2, 2),
        y: captchaImageHeight / 2 + randomBetween(-2, 2),
      },
      wave,
    );
  });

  // Over the text, thinner than its strokes: people read through them, segmenting OCR does not.
  for (let index = 0; index < 2; index += 1) drawNoiseCurve(raster, randomColour(30, 150), 0.55, 0.9);
  drawDots(raster, 35, [20, 160], [0.4, 0.9]);
  return encodePng(raster);
};
