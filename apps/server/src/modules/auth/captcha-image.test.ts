import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  captchaAlphabet,
  captchaImageHeight,
  captchaImageWidth,
  captchaLength,
  createCaptchaText,
  renderCaptchaPng,
} from './captcha-image';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('createCaptchaText', () => {
  it('draws four characters from the unambiguous alphabet', () => {
    for (let round = 0; round < 200; round += 1) {
      expect(createCaptchaText()).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
    }
    expect(captchaLength).toBe(4);
    expect(captchaAlphabet).not.toMatch(/[01OIL]/);
  });

  it('does not repeat itself', () => {
    const texts = new Set(Array.from({ length: 50 }, () => createCaptchaText()));
    expect(texts.size).toBeGreaterThan(45);
  });
});

describe('renderCaptchaPng', () => {
  it('produces a PNG of the captcha size', () => {
    const image = renderCaptchaPng('AB3K');
    expect(image.subarray(0, 8).equals(pngSignature)).toBe(true);
    const decoded = PNG.sync.read(image);
    expect(decoded.width).toBe(captchaImageWidth);
    expect(decoded.height).toBe(captchaImageHeight);
  });

  it('draws something: the picture is not one flat colour', () => {
    const { data } = PNG.sync.read(renderCaptchaPng('AB3K'));
    const colours = new Set<number>();
    for (let offset = 0; offset < data.length; offset += 4) {
      colours.add(((data[offset] ?? 0) << 16) | ((data[offset + 1] ?? 0) << 8) | (data[offset + 2] ?? 0));
    }
    expect(colours.size).toBeGreaterThan(100);
  });

  it('differs between two renders of the same text', () => {
    expect(renderCaptchaPng('AB3K').equals(renderCaptchaPng('AB3K'))).toBe(false);
  });

  it('has a glyph for every character of the alphabet', () => {
    for (const character of captchaAlphabet) {
      expect(() => renderCaptchaPng(character.repeat(captchaLength))).not.toThrow();
    }
  });

  it('refuses characters outside the font', () => {
    expect(() => renderCaptchaPng('AB0K')).toThrow(RangeError);
  });
});
