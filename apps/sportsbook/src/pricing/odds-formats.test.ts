import { describe, expect, it } from 'vitest';
import { formatOdds } from './odds-formats';

describe('odds formats', () => {
  it.each([
    // decimal, Hong Kong, Malay, Indonesian
    [1500, '1.50', '0.50', '0.50', '-2.00'],
    [2500, '2.50', '1.50', '-0.67', '1.50'],
    [2000, '2.00', '1.00', '1.00', '1.00'],
    [1950, '1.95', '0.95', '0.95', '-1.06'],
    [3000, '3.00', '2.00', '-0.50', '2.00'],
    [1010, '1.01', '0.01', '0.01', '-100.00'],
    [1955, '1.95', '0.95', '0.95', '-1.05'],
    [26000, '26.00', '25.00', '-0.04', '25.00'],
  ])('shows %i as %s, HK %s, Malay %s, Indonesian %s', (odds, decimal, hongKong, malay, indonesian) => {
    expect(formatOdds(odds, 'decimal')).toBe(decimal);
    expect(formatOdds(odds, 'hongkong')).toBe(hongKong);
    expect(formatOdds(odds, 'malay')).toBe(malay);
    expect(formatOdds(odds, 'indonesian')).toBe(indonesian);
  });

  it('refuses anything but whole thousandths above 1.000', () => {
    expect(() => formatOdds(1000, 'malay')).toThrow(RangeError);
    expect(() => formatOdds(1500.5, 'decimal')).toThrow(RangeError);
  });
});
