import { describe, expect, it } from 'vitest';
import { applyBrandPalette } from './brand-palette';

const palette = {
  light: { background: '#f4f1fa', surface: '#ffffff', accent: '#7a1fa2' },
  dark: { background: '#12061f', surface: '#1d0b33', accent: '#f2c14e' },
};

describe("the brand's palette", () => {
  it("lays the brand's colours over both themes, with readable text on the accent, and leaves when null", () => {
    applyBrandPalette(palette);
    const css = document.getElementById('brand-palette')?.textContent ?? '';
    expect(css).toContain(":root,[data-theme='dark']{--color-bg:#12061f;--color-surface:#1d0b33;");
    expect(css).toContain('--color-accent:#f2c14e;');
    expect(css).toContain("[data-theme='light']{--color-bg:#f4f1fa;");
    // Dark text on the gold accent, white on the purple one.
    expect(css).toMatch(/--color-accent:#f2c14e;[^}]*--color-on-accent:#111111/);
    expect(css).toMatch(/--color-accent:#7a1fa2;[^}]*--color-on-accent:#ffffff/);

    applyBrandPalette({ ...palette, dark: { ...palette.dark, accent: '#e0b040' } });
    expect(document.querySelectorAll('#brand-palette')).toHaveLength(1);
    applyBrandPalette(null);
    expect(document.getElementById('brand-palette')).toBeNull();
  });
});
