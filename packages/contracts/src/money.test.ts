import { describe, expect, it } from 'vitest';
import { formatMinorUnits, maxMinorUnits, MoneyFormatError, toMinorUnits } from './money';

const reasonOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    if (error instanceof MoneyFormatError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('toMinorUnits', () => {
  it('converts exactly, with fewer decimals than the currency has', () => {
    expect(toMinorUnits('1234.50', 2)).toBe(123_450n);
    expect(toMinorUnits('1234.5', 2)).toBe(123_450n);
    expect(toMinorUnits('1234', 2)).toBe(123_400n);
    expect(toMinorUnits('0.01', 2)).toBe(1n);
    expect(toMinorUnits('50000', 0)).toBe(50_000n);
    // A float would give 0.30000000000000004 here.
    expect(toMinorUnits('0.3', 2) - toMinorUnits('0.1', 2)).toBe(20n);
  });

  it('refuses more decimals than the currency has, trailing zeros included', () => {
    expect(reasonOf(() => toMinorUnits('1.005', 2))).toBe('too_many_decimals');
    expect(reasonOf(() => toMinorUnits('1.500', 2))).toBe('too_many_decimals');
    expect(reasonOf(() => toMinorUnits('1.5', 0))).toBe('too_many_decimals');
  });

  it('refuses zero and negative amounts unless allowed', () => {
    expect(reasonOf(() => toMinorUnits('0', 2))).toBe('zero');
    expect(reasonOf(() => toMinorUnits('0.00', 2))).toBe('zero');
    expect(reasonOf(() => toMinorUnits('-1.00', 2))).toBe('negative');
    expect(toMinorUnits('0.00', 2, { allowZero: true })).toBe(0n);
    expect(toMinorUnits('-0', 2, { allowZero: true, allowNegative: true })).toBe(0n);
    expect(toMinorUnits('-12.34', 2, { allowNegative: true })).toBe(-1234n);
  });

  it('refuses what is not a plain decimal', () => {
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '1e3',
      '0x10',
      '1,000',
      '.5',
      '5.',
      '1.2.3',
      'NaN',
      'Infinity',
      '١٢',
    ]) {
      expect(
        reasonOf(() => toMinorUnits(text, 2)),
        text,
      ).toBe('format');
    }
  });

  it('refuses amounts beyond int8, however long', () => {
    expect(toMinorUnits('92233720368547758.07', 2)).toBe(maxMinorUnits);
    expect(reasonOf(() => toMinorUnits('92233720368547758.08', 2))).toBe('too_large');
    expect(reasonOf(() => toMinorUnits('-92233720368547758.08', 2, { allowNegative: true }))).toBe(
      'too_large',
    );
    expect(reasonOf(() => toMinorUnits('9'.repeat(1_000_000), 0))).toBe('too_large');
    expect(toMinorUnits(`${'0'.repeat(100)}1`, 0)).toBe(1n);
  });

  it('refuses an exponent no currency has', () => {
    expect(() => toMinorUnits('1', -1)).toThrow(RangeError);
    expect(() => toMinorUnits('1', 1.5)).toThrow(RangeError);
    expect(() => formatMinorUnits(1n, 9)).toThrow(RangeError);
  });
});

describe('formatMinorUnits', () => {
  it('writes the currency exponent worth of decimals', () => {
    expect(formatMinorUnits(123_450n, 2)).toBe('1234.50');
    expect(formatMinorUnits(5n, 2)).toBe('0.05');
    expect(formatMinorUnits(-5n, 2)).toBe('-0.05');
    expect(formatMinorUnits(0n, 2)).toBe('0.00');
    expect(formatMinorUnits(50_000n, 0)).toBe('50000');
    expect(formatMinorUnits(-maxMinorUnits, 2)).toBe('-92233720368547758.07');
  });

  it('round-trips with toMinorUnits', () => {
    for (const amount of [1n, 99n, 100n, 123_456_789n, maxMinorUnits, -maxMinorUnits, -1n]) {
      for (const exponent of [0, 2, 3, 8]) {
        expect(toMinorUnits(formatMinorUnits(amount, exponent), exponent, { allowNegative: true })).toBe(
          amount,
        );
      }
    }
  });
});
